import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SwitchField } from '~/components/ui/switch-field';
import { errorMessage } from '~/lib/http-error';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import { orpc } from '~/lib/rpc';
import { OpenOrders } from './open-orders';
import { OrdersState } from './orders-table';
import { useLiveOrders } from './use-live-orders';

/**
 * Risk team, /risk-team/risk-trader: the trader's orders, and the trading switches (this trader,
 * the whole firm). Switching off stops the next order at once; closing positions stays possible.
 */
export function TraderOrders({ traderId, name }: { traderId: string; name: string }) {
  const queryClient = useQueryClient();
  const { orders, stream } = useLiveOrders({ traderId, limit: 50 });
  const switches = useQuery(orpc.getTradingSwitches.queryOptions());
  const set = useMutation({
    ...orpc.setTradingEnabled.mutationOptions(),
    onSuccess: (next) => {
      queryClient.setQueryData(orpc.getTradingSwitches.queryKey(), next);
      toast.success('Trading switch changed');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the trading switch')),
  });
  const traderOff = switches.data?.traders.some((t) => t.traderId === traderId) ?? false;
  const firmOff = switches.data?.firm !== null && switches.data?.firm !== undefined;
  const history = (switches.data?.changes ?? []).filter((c) => c.traderId === traderId || c.traderId === null).slice(0, 5);
  return (
    <div className="flex flex-col gap-3" data-testid="trader-orders">
      <div className="flex flex-wrap items-center gap-6">
        <SwitchField
          label={`Trading on for ${name}`}
          checked={!traderOff}
          disabled={!switches.data || set.isPending}
          onCheckedChange={(on) => set.mutate({ traderId, enabled: on })}
          data-testid="trader-trading-switch"
        />
        <SwitchField
          label="Trading on firm-wide"
          checked={!firmOff}
          disabled={!switches.data || set.isPending}
          onCheckedChange={(on) => set.mutate({ traderId: null, enabled: on })}
          data-testid="firm-trading-switch"
        />
        <span className="ml-auto" data-testid="orders-stream-status">
          <ConnectionBadge state={stream} />
        </span>
      </div>
      {history.length > 0 && (
        <ul
          className="flex flex-col gap-0.5 text-xs text-muted-foreground"
          data-testid="trading-switch-history"
          aria-label="Recent trading switches"
        >
          {history.map((c) => (
            <li key={`${c.changedAt}-${c.traderId ?? 'firm'}-${c.enabled}`}>
              <time className="tabular-nums" dateTime={new Date(c.changedAt).toISOString()}>
                {new Date(c.changedAt).toLocaleString()}
              </time>{' '}
              {c.traderId === null ? 'Firm-wide' : name}: trading {c.enabled ? 'on' : 'off'} by {c.changedBy}
              {c.reason ? ` — ${c.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
      <OpenOrders traderId={traderId} />
      <OrdersState orders={orders} empty="No orders from this trader yet." showAccount />
    </div>
  );
}
