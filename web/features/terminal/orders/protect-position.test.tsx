import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderDto } from '@contract/orders';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { ProtectPosition } from './protect-position';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** protectPosition answered per test; every input it was sent is kept. */
const protect = vi.hoisted(() => vi.fn());
vi.mock('~/lib/rpc', () => ({
  orpc: {
    previewOrder: {
      queryOptions: ({ input }: { input: unknown }) => ({
        queryKey: ['previewOrder', input],
        queryFn: async () => ({ tickSize: 0.01, markPrice: 3010 }),
      }),
    },
    protectPosition: { mutationOptions: () => ({ mutationFn: (input: unknown) => protect(input) }) },
    listOpenOrders: { key: () => ['listOpenOrders'] },
    listOrders: { key: () => ['listOrders'] },
  },
}));

const page = reactRootPerTest();
const $ = <T extends HTMLElement = HTMLElement>(testId: string) => document.querySelector<T>(`[data-testid="${testId}"]`);
const flush = async () => {
  for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};
const position = { symbol: 'ETHUSDT', side: 'LONG', entryPrice: 3000, markPrice: 3010 } as const;
const resting = (type: OrderDto['type'], triggerPrice: number) =>
  ({ symbol: 'ETHUSDT', side: 'SELL', type, status: 'open', triggerPrice }) as OrderDto;

async function openPopover(open: OrderDto[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    page.root.render(
      <QueryClientProvider client={client}>
        <ProtectPosition accountEmail="sim@meridian" position={position} open={open} simulated />
      </QueryClientProvider>,
    ),
  );
  await act(async () => $('protect-position')!.click());
  await flush();
}

const submit = async () => {
  await act(async () => $('protect-submit')!.click());
  await flush();
};

beforeAll(() => {
  // Radix measures the popover's anchor; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  protect.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
  localStorage.setItem(
    'meridian:terminal-order-settings',
    JSON.stringify({ distanceUnit: 'percent', takeProfitDistance: 2, stopLossDistance: 1 }),
  );
});

describe('ProtectPosition', () => {
  it('prefills the default distances from the entry, says simulated, and places both with a fresh client id', async () => {
    protect.mockResolvedValue([{ ...resting('TAKE_PROFIT_MARKET', 3060) }, { ...resting('STOP_MARKET', 2970) }]);
    await openPopover();
    expect($<HTMLInputElement>('protect-take-profit')!.value).toBe('3060');
    expect($<HTMLInputElement>('protect-stop-loss')!.value).toBe('2970');
    expect(document.activeElement).toBe($('protect-take-profit'));
    expect($('protect-position-prices')!.textContent).toContain('simulated');
    await submit();
    expect(protect).toHaveBeenCalledWith(
      expect.objectContaining({ accountEmail: 'sim@meridian', symbol: 'ETHUSDT', takeProfit: 3060, stopLoss: 2970 }),
    );
    const [{ clientOrderId }] = protect.mock.calls[0]! as [{ clientOrderId: string }];
    expect(clientOrderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('take-profit 3,060'));
    expect($('protect-position-popover')).toBeNull();
  });

  it("shows the server's refusal in a toast and stays open; a second try carries a new client id", async () => {
    protect.mockRejectedValue(
      new Error('The stop-loss at 3020 would trigger immediately: the mark is 3010. Put it below the mark'),
    );
    await openPopover();
    await submit();
    expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('would trigger immediately'));
    expect($('protect-position-popover')).not.toBeNull();
    await submit();
    const ids = protect.mock.calls.map(([input]) => (input as { clientOrderId: string }).clientOrderId);
    expect(new Set(ids).size).toBe(2);
  });

  it('offers only the kind not resting yet, and no button when both rest', async () => {
    protect.mockResolvedValue([resting('TAKE_PROFIT_MARKET', 3060)]);
    await openPopover([resting('STOP_MARKET', 2950)]);
    expect($('protect-stop-loss')).toBeNull();
    expect($('protect-stop-loss-resting')!.textContent).toContain('2,950');
    await submit();
    expect(protect).toHaveBeenCalledWith(expect.objectContaining({ takeProfit: 3060, stopLoss: undefined }));

    await openPopover([resting('STOP_MARKET', 2950), resting('TAKE_PROFIT_MARKET', 3100)]);
    expect($<HTMLButtonElement>('protect-position')!.disabled).toBe(true);
  });

  it('asks for a price above zero before sending anything', async () => {
    await openPopover();
    act(() => {
      const input = $<HTMLInputElement>('protect-stop-loss')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '-5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    expect($('protect-error')!.textContent).toBe('Prices above zero');
    expect(protect).not.toHaveBeenCalled();
  });
});
