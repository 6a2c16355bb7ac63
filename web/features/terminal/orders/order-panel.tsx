import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useState, type Ref } from 'react';
import { toast } from 'sonner';
import type { OrderSide } from '@contract/enums';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { NativeSelect } from '~/components/ui/select';
import { formatPrice, formatQuantity, formatUsd } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { OpenOrders, OPEN_ORDERS_POLL_MS } from '~/shared/orders/open-orders';
import { startMove } from './move-draft';
import { OrderPreview, type OrderIntent } from './order-preview';
import { useOrderSettings } from './order-settings';
import { OrderSettingsForm } from './order-settings-form';
import { tradableAccountsQuery } from './order-queries';
import { OrdersList } from './orders-list';
import { kindFields, OrderKindFields, protectionFields, useOrderKind } from './order-kind';

export interface OrderPanelHandle {
  /** an account and a symbol are there: b/s chords mean orders */
  ready: () => boolean;
  order: (side: OrderSide, size: 0 | 1 | 2, keypressAt: number) => void;
  close: (keypressAt: number) => void;
  /** Says why an order key did nothing (no headline, no symbol, no market, no account). */
  explain: (message: string) => void;
  /** t / l: the Move dialog of the order symbol's take-profit / stop-loss (or why there is none). */
  moveProtection: (type: 'TAKE_PROFIT_MARKET' | 'STOP_MARKET') => void;
}

const pairOf = (symbol: string) => (symbol.endsWith('USDT') ? symbol : `${symbol}USDT`);

/**
 * Market orders on the selected headline's symbol: one of your accounts, three preset
 * sizes, buy / sell / close, the resulting position checked before sending, a confirmation step
 * unless one-keystroke sending is chosen. Every order carries a fresh client order id, so a
 * repeated request never sends twice.
 */
export function OrderPanel({
  symbol,
  headlineId = null,
  ref,
}: {
  symbol: string | null;
  /** the selected headline: an entry placed now keeps its id (the News trades page scores it) */
  headlineId?: number | null;
  ref?: Ref<OrderPanelHandle>;
}) {
  const queryClient = useQueryClient();
  const [settings, updateSettings] = useOrderSettings();
  const accounts = useQuery(tradableAccountsQuery);
  const list = accounts.data ?? [];
  const accountEmail = list.find((a) => a.email === settings.accountEmail)?.email ?? list[0]?.email ?? null;
  const [armed, setArmed] = useState<{ side: OrderSide; size: 0 | 1 | 2 }>({ side: 'BUY', size: 0 });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // An error belongs to the symbol and account it was made on: another selection hides it.
  const [errorState, setErrorState] = useState<{ message: string; on: string } | null>(null);
  const errorKey = `${symbol}|${accountEmail}`;
  const lastError = errorState?.on === errorKey ? errorState.message : null;
  const setLastError = (message: string | null) => setErrorState(message === null ? null : { message, on: errorKey });
  const [editing, setEditing] = useState(false);
  const [kind, updateKind] = useOrderKind(settings);

  const place = useMutation({
    ...orpc.placeOrder.mutationOptions(),
    onSuccess: (order) => {
      setLastError(null);
      const verb = order.side === 'BUY' ? 'Bought' : 'Sold';
      if (order.status === 'open')
        toast.success(`Limit ${order.side === 'BUY' ? 'buy' : 'sell'} ${order.symbol} rests at ${formatPrice(order.price ?? 0)}`);
      else if (order.status === 'filled')
        toast.success(
          `${verb} ${formatQuantity(order.filledQuantity ?? order.quantity)} ${order.symbol} at ${formatPrice(order.fillPrice ?? 0)}`,
        );
      else toast.warning(`Order ${order.status}${order.error ? `: ${order.error}` : ''}`);
    },
    onError: (error) => {
      const message = errorMessage(error, 'The order was not placed');
      setLastError(message);
      toast.error(message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orpc.listOrders.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.listOpenOrders.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.getUserAccountStats.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.previewOrder.key() });
    },
  });

  const intentFor = (side: OrderSide, size: 0 | 1 | 2 | null): OrderIntent | null =>
    symbol && accountEmail
      ? {
          accountEmail,
          symbol: pairOf(symbol),
          side,
          reduceOnly: size === null,
          ...(size === null ? {} : { notional: settings.presets[size], ...kindFields(kind) }),
        }
      : null;

  // A close is a market order; an entry carries the ticket's TP / SL and the headline it was placed from
  // (taken when the key was pressed: the selection may move while the confirmation is open).
  const send = (intent: OrderIntent, keypressAt: number, fromHeadline: number | null) =>
    place.mutate({
      ...intent,
      ...(intent.reduceOnly ? {} : protectionFields(kind)),
      ...(intent.reduceOnly || fromHeadline === null ? {} : { headlineId: fromHeadline }),
      clientOrderId: crypto.randomUUID(),
      keypressAt,
    });

  const submit = (intent: OrderIntent | null, keypressAt: number, title: string) => {
    if (!intent) return;
    const fromHeadline = headlineId;
    if (!settings.confirm) return send(intent, keypressAt, fromHeadline);
    setConfirmation({
      title,
      description: <OrderPreview intent={intent} />,
      action: 'Send order',
      destructive: false,
      // The trader asked for this order from the keyboard: Enter sends it, Esc cancels.
      enterConfirms: true,
      onConfirm: () => send(intent, keypressAt, fromHeadline),
    });
  };

  const order = (side: OrderSide, size: 0 | 1 | 2, keypressAt: number) => {
    setArmed({ side, size });
    submit(
      intentFor(side, size),
      keypressAt,
      `${side === 'BUY' ? 'Buy' : 'Sell'} ${formatUsd(settings.presets[size])} of ${symbol}${
        kind.type === 'LIMIT' ? ` at ${kind.price ?? '—'} (${kind.timeInForce === 'GTX' ? 'post-only' : kind.timeInForce})` : ''
      }`,
    );
  };

  const stats = useQuery({
    ...orpc.getUserAccountStats.queryOptions({ input: { email: accountEmail ?? '' } }),
    enabled: accountEmail !== null,
  });
  const held = symbol ? stats.data?.positions.find((p) => p.symbol === pairOf(symbol)) : undefined;
  const close = (keypressAt: number) => {
    if (!held) {
      setLastError(symbol ? `No ${pairOf(symbol)} position to close on this account` : 'Select a headline with a symbol first');
      return;
    }
    submit(
      intentFor(held.side === 'LONG' ? 'SELL' : 'BUY', null),
      keypressAt,
      `Close the ${held.side.toLowerCase()} ${pairOf(symbol!)} position`,
    );
  };

  const explain = (message: string) => {
    setLastError(message);
    // The panel may be out of sight (a phone's closed sheet): a toast says it where the trader looks.
    toast.info(message);
  };

  const open = useQuery({
    ...orpc.listOpenOrders.queryOptions({ input: accountEmail ? { accountEmail } : {} }),
    refetchInterval: OPEN_ORDERS_POLL_MS,
  });
  const moveProtection = (type: 'TAKE_PROFIT_MARKET' | 'STOP_MARKET') => {
    const name = type === 'STOP_MARKET' ? 'stop-loss' : 'take-profit';
    if (!symbol) return explain(`Select a headline with a symbol first: t and l move its take-profit and stop-loss.`);
    const found = open.data?.find((o) => o.symbol === pairOf(symbol) && o.type === type && o.status === 'open');
    if (found) startMove(found);
    else explain(`No ${name} resting on ${pairOf(symbol)}${accountEmail ? ` on ${accountEmail}` : ''}.`);
  };

  useImperativeHandle(ref, () => ({
    ready: () => symbol !== null && accountEmail !== null,
    order,
    close,
    explain,
    moveProtection,
  }));

  if (accounts.isError) return <p className="p-3 text-sm text-destructive">Could not load your accounts.</p>;
  const armedIntent = intentFor(armed.side, armed.size);
  return (
    <section
      // On a phone every control here is a 40 px target, the tables' sort buttons too.
      className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto border-t border-border p-3 max-md:[&_th_button]:min-h-10"
      aria-label="Order entry"
      data-testid="order-panel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">
          Order{' '}
          {symbol ? (
            <span data-testid="order-symbol">{pairOf(symbol)}</span>
          ) : (
            <span className="text-muted-foreground">— select a headline</span>
          )}
        </h2>
        <label className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
          Account
          <NativeSelect
            aria-label="Trading account"
            className="w-48 [&_select]:h-7 [&_select]:text-xs max-md:w-44 max-md:[&_select]:h-10 max-md:[&_select]:text-sm"
            value={accountEmail ?? ''}
            onChange={(e) => updateSettings({ accountEmail: e.target.value })}
            data-testid="order-account"
          >
            {list.length === 0 ? <option value="">No account assigned</option> : null}
            {list.map((a) => (
              <option key={a.id} value={a.email}>
                {a.label ? `${a.label} (${a.email})` : a.email}
                {a.exchange === 'simulated' ? ' · simulated' : ''}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Size">
        {settings.presets.map((p, i) => (
          <Button
            key={i}
            size="xs"
            variant={armed.size === i ? 'secondary' : 'ghost'}
            className="tabular-nums max-md:h-10"
            onClick={() => setArmed((a) => ({ ...a, size: i as 0 | 1 | 2 }))}
            aria-pressed={armed.size === i}
          >
            {i + 1}: {formatUsd(p, { compact: true })}
          </Button>
        ))}
        <Button size="xs" variant="ghost" className="max-md:h-10" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
          Settings
        </Button>
      </div>
      <OrderKindFields kind={kind} update={updateKind} />
      {editing ? <OrderSettingsForm settings={settings} update={updateSettings} /> : null}
      <div className="grid grid-cols-3 gap-2">
        <Button
          size="sm"
          className="bg-emerald-600 text-white hover:bg-emerald-600/90 max-md:h-10"
          disabled={!armedIntent || place.isPending}
          onClick={() => order('BUY', armed.size, Date.now())}
        >
          Buy (b{armed.size + 1})
        </Button>
        <Button
          size="sm"
          className="max-md:h-10"
          variant="destructive"
          disabled={!armedIntent || place.isPending}
          onClick={() => order('SELL', armed.size, Date.now())}
        >
          Sell (s{armed.size + 1})
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="max-md:h-10"
          disabled={!held || place.isPending}
          onClick={() => close(Date.now())}
        >
          Close (x)
        </Button>
      </div>
      {armedIntent ? <OrderPreview intent={armedIntent} /> : null}
      {lastError ? (
        <p className="text-xs text-destructive" role="alert" data-testid="order-error">
          {lastError}
        </p>
      ) : null}
      <OpenOrders accountEmail={accountEmail} cancelable onMove={startMove} symbol={symbol ? pairOf(symbol) : null} />
      <OrdersList accountEmail={accountEmail} positions={stats.data?.positions ?? []} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
