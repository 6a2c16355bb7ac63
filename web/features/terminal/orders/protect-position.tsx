import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OrderDto } from '@contract/orders';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { Spinner } from '~/components/ui/spinner';
import { formatPrice } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { Position } from '~/shared/accounts/metrics';
import { useOrderSettings } from './order-settings';
import { defaultTrigger } from './protect-defaults';
import { tickFor } from './tick-step';

type ProtectedPosition = Pick<Position, 'symbol' | 'side' | 'entryPrice' | 'markPrice'>;

/** The take-profit and stop-loss already resting on a position (its closing side), by kind. */
export function restingProtection(position: Pick<Position, 'symbol' | 'side'>, open: OrderDto[]) {
  const closeSide = position.side === 'LONG' ? 'SELL' : 'BUY';
  const of = (type: OrderDto['type']) =>
    open.find((o) => o.symbol === position.symbol && o.side === closeSide && o.type === type && o.status === 'open');
  return { takeProfit: of('TAKE_PROFIT_MARKET'), stopLoss: of('STOP_MARKET') };
}

/**
 * A position's TP/SL button: a popover with the take-profit and stop-loss trigger prices (prefilled
 * from the order settings' default distances from the entry), sent with protectPosition. A kind
 * already resting is not offered again (it moves from Open orders).
 */
export function ProtectPosition({
  accountEmail,
  position,
  open,
  simulated,
}: {
  accountEmail: string;
  position: ProtectedPosition;
  /** the account's open orders */
  open: OrderDto[];
  simulated: boolean;
}) {
  const [shown, setShown] = useState(false);
  const resting = restingProtection(position, open);
  const full = resting.takeProfit !== undefined && resting.stopLoss !== undefined;
  const name = `${position.symbol} ${position.side.toLowerCase()}`;
  return (
    <Popover open={shown} onOpenChange={setShown}>
      <PopoverTrigger asChild>
        <Button
          size="xs"
          variant="ghost"
          className="px-1.5 max-md:h-10"
          disabled={full}
          title={full ? `The ${name} has a take-profit and a stop-loss: move them from Open orders` : undefined}
          aria-label={`Protect ${name}: take-profit and stop-loss`}
          data-testid="protect-position"
        >
          TP/SL
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80" data-testid="protect-position-popover">
        {shown ? (
          <ProtectForm
            accountEmail={accountEmail}
            position={position}
            resting={resting}
            simulated={simulated}
            onDone={() => setShown(false)}
          />
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

const priceOf = (text: string) => (text.trim() === '' ? null : Number(text) > 0 ? Number(text) : NaN);

function ProtectForm({
  accountEmail,
  position,
  resting,
  simulated,
  onDone,
}: {
  accountEmail: string;
  position: ProtectedPosition;
  resting: ReturnType<typeof restingProtection>;
  simulated: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  // The symbol's tick (a reduce-only close previewed: no size, nothing sent) puts the defaults on it.
  const closeSide = position.side === 'LONG' ? 'SELL' : 'BUY';
  const preview = useQuery({
    ...orpc.previewOrder.queryOptions({ input: { accountEmail, symbol: position.symbol, side: closeSide, reduceOnly: true } }),
    staleTime: 5_000,
    retry: false,
  });
  const protect = useMutation({
    ...orpc.protectPosition.mutationOptions(),
    onSuccess: (placed) => {
      const what = placed.map(
        (o) => `${o.type === 'STOP_MARKET' ? 'stop-loss' : 'take-profit'} ${formatPrice(o.triggerPrice ?? 0)}`,
      );
      toast.success(`Protected the ${position.symbol} ${position.side.toLowerCase()}: ${what.join(', ')}`);
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, 'The position was not protected')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orpc.listOpenOrders.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.listOrders.key() });
    },
  });
  if (preview.isPending) return <Spinner label="Loading the symbol's tick" />;
  const tick = tickFor(preview.data?.tickSize, position.entryPrice);
  return (
    <div className="grid gap-2">
      <div>
        <p className="text-sm font-semibold">
          Protect {position.symbol} {position.side.toLowerCase()}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums" data-testid="protect-position-prices">
          Entry {formatPrice(position.entryPrice)} · mark {formatPrice(preview.data?.markPrice ?? position.markPrice)}
          {simulated ? <span className="text-warning"> · simulated</span> : null}
        </p>
      </div>
      <Fields
        position={position}
        resting={resting}
        tick={tick}
        pending={protect.isPending}
        onSubmit={(takeProfit, stopLoss) =>
          protect.mutate({ accountEmail, symbol: position.symbol, takeProfit, stopLoss, clientOrderId: crypto.randomUUID() })
        }
      />
    </div>
  );
}

/** The two trigger fields (a kind already resting shows its price instead), Enter submits. */
function Fields({
  position,
  resting,
  tick,
  pending,
  onSubmit,
}: {
  position: ProtectedPosition;
  resting: ReturnType<typeof restingProtection>;
  tick: number;
  pending: boolean;
  onSubmit: (takeProfit: number | undefined, stopLoss: number | undefined) => void;
}) {
  const [settings] = useOrderSettings();
  const initial = (kind: 'tp' | 'sl') => String(defaultTrigger(settings, kind, position.side, position.entryPrice, tick) ?? '');
  const [tp, setTp] = useState(() => initial('tp'));
  const [sl, setSl] = useState(() => initial('sl'));
  const [error, setError] = useState<string | null>(null);
  // The first field offered takes the focus once the tick is known (Radix focused the popover before it was there).
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = () => {
    const takeProfit = resting.takeProfit ? null : priceOf(tp);
    const stopLoss = resting.stopLoss ? null : priceOf(sl);
    if (Number.isNaN(takeProfit) || Number.isNaN(stopLoss)) return setError('Prices above zero');
    if (takeProfit === null && stopLoss === null) return setError('Give a take-profit or a stop-loss price');
    setError(null);
    onSubmit(takeProfit ?? undefined, stopLoss ?? undefined);
  };
  const field = (label: string, name: string, value: string, set: (v: string) => void, at: OrderDto | undefined) =>
    at ? (
      <p className="text-xs text-muted-foreground" data-testid={`protect-${name}-resting`}>
        {label}: rests at {formatPrice(at.triggerPrice ?? 0)} (move it from Open orders)
      </p>
    ) : (
      <FormField
        ref={name === 'take-profit' || resting.takeProfit ? first : undefined}
        label={label}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        placeholder="none"
        className="h-8 text-right tabular-nums max-md:h-10"
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setError(null);
        }}
        data-testid={`protect-${name}`}
      />
    );
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        {field('Take-profit', 'take-profit', tp, setTp, resting.takeProfit)}
        {field('Stop-loss', 'stop-loss', sl, setSl, resting.stopLoss)}
      </div>
      <p className="text-xs text-muted-foreground">
        Mark-price triggers closing the whole position · tick {tick}
        <span className="max-md:hidden"> · Enter to place · Esc to close</span>
      </p>
      {error ? (
        <p className="text-xs font-medium text-destructive" role="alert" data-testid="protect-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="max-md:h-10" disabled={pending} data-testid="protect-submit">
        {pending ? <Spinner className="size-3" label="Placing" /> : null}
        {pending ? 'Placing…' : 'Place TP/SL'}
      </Button>
    </form>
  );
}
