import { useQuery } from '@tanstack/react-query';
import type { OrderSide } from '@contract/enums';
import { formatLeverage, formatPrice, formatQuantity, formatUsd } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';

export interface OrderIntent {
  accountEmail: string;
  symbol: string;
  side: OrderSide;
  /** USD; absent for a close */
  notional?: number;
  reduceOnly: boolean;
  /** absent: market */
  type?: 'MARKET' | 'LIMIT';
  price?: number;
  timeInForce?: 'GTC' | 'IOC' | 'GTX';
}

const LIMIT_NAMES: Record<string, string> = {
  maxLeverage: 'max leverage',
  maxPositionNotional: 'max position notional',
  maxPositionShare: 'max share of one position',
  maxSymbolNetExposure: 'firm net exposure',
};

/** What the order would leave: quantity, position before → after, leverage, margin, and the risk check's verdict. */
export function OrderPreview({ intent }: { intent: OrderIntent }) {
  const preview = useQuery({ ...orpc.previewOrder.queryOptions({ input: intent }), staleTime: 2_000, retry: false });
  if (preview.isPending) return <p className="text-xs text-muted-foreground">Checking the order…</p>;
  if (preview.isError)
    return (
      <p className="text-xs text-destructive" role="alert" data-testid="order-preview-error">
        {errorMessage(preview.error, 'Could not check the order')}
      </p>
    );
  const p = preview.data;
  const risk = p.riskCheck;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs tabular-nums" data-testid="order-preview">
      <dt className="text-muted-foreground">Quantity</dt>
      <dd className="text-right">
        {formatQuantity(p.quantity)} {p.symbol} ≈ {formatUsd(p.notional)} at {formatPrice(p.markPrice)}
      </dd>
      <dt className="text-muted-foreground">Position</dt>
      <dd className="text-right" data-testid="preview-position">
        {formatQuantity(p.positionBefore)} → {formatQuantity(p.positionAfter)}
      </dd>
      <dt className="text-muted-foreground">Leverage after</dt>
      <dd className="text-right" data-testid="preview-leverage">
        {formatLeverage(risk.after?.leverage)}
      </dd>
      <dt className="text-muted-foreground">Margin after</dt>
      <dd className="text-right">{risk.after ? formatUsd(risk.after.margin) : '—'}</dd>
      <dt className="text-muted-foreground">Risk check</dt>
      <dd className={risk.passed ? 'text-right text-emerald-500' : 'text-right text-destructive'} data-testid="preview-risk">
        {risk.passed
          ? risk.skipped
            ? 'Close: capped at the position'
            : 'Within limits'
          : risk.limit === 'tradingOff'
            ? 'Trading is off: closes only'
            : `Over ${LIMIT_NAMES[risk.limit ?? ''] ?? risk.limit}${risk.unbounded ? ' (equity ≤ 0)' : ''}`}
      </dd>
      {p.halt && (
        <dd className="col-span-2 text-right text-amber-500" data-testid="preview-halt">
          {p.halt.scope === 'firm' ? 'Firm-wide trading off' : 'Your trading is off'}
          {p.halt.reason ? `: ${p.halt.reason}` : ''} ({p.halt.haltedBy})
        </dd>
      )}
    </dl>
  );
}
