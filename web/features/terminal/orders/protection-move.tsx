import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { formatPrice } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { protectionLabel } from '~/shared/orders/open-orders';
import { clearMoveDraft, getMoveDraft, setMoveDraft, shortNameOf, useMoveDraft, type MoveDraft } from './move-draft';
import { stepPrice, TICK_KEYS, tickFor } from './tick-step';

/**
 * Moving a take-profit or stop-loss, from the chart (a dragged line) or from the keyboard (the Move
 * dialog): one confirmation ("Move stop to X?"), then moveProtection (cancel and replace). Cancel,
 * Escape or an error puts the line back where the order is. Mounted once, on the terminal page.
 */
export function ProtectionMove() {
  const draft = useMoveDraft();
  const queryClient = useQueryClient();
  const move = useMutation({
    ...orpc.moveProtection.mutationOptions(),
    onSuccess: (o) => toast.success(`Moved the ${shortNameOf(o)} to ${formatPrice(o.triggerPrice ?? 0)}`),
    onError: (error, asked) => {
      toast.error(errorMessage(error, 'The order was not moved'));
      // Back to where the order still is.
      clearMoveDraft(asked.orderClientOrderId);
    },
    onSettled: async (_moved, _error, asked) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orpc.listOpenOrders.key() }),
        queryClient.invalidateQueries({ queryKey: orpc.listOrders.key() }),
      ]);
      // The moved order is read back by now: its own line takes over from the draft's.
      if (getMoveDraft()?.stage === 'sending') clearMoveDraft(asked.orderClientOrderId);
    },
  });
  const asking = draft?.stage === 'asking' ? draft : null;
  return (
    <>
      {draft && draft.fromKeys && draft.stage !== 'sending' ? <MoveDialog draft={draft} /> : null}
      <ConfirmDialog
        confirmation={
          asking && {
            title: `Move ${shortNameOf(asking.order)} to ${formatPrice(asking.price)}?`,
            description: `The ${shortNameOf(asking.order)} at ${formatPrice(asking.order.triggerPrice ?? 0)} is canceled and a new one placed at ${formatPrice(asking.price)}: a mark-price trigger closing the whole ${asking.order.symbol} position.`,
            action: `Move ${shortNameOf(asking.order)}`,
            destructive: false,
            // Asked from the keyboard: Enter confirms, as an order's does.
            enterConfirms: asking.fromKeys,
            onConfirm: () => {
              setMoveDraft({ ...asking, stage: 'sending' });
              move.mutate({
                orderClientOrderId: asking.order.clientOrderId,
                triggerPrice: asking.price,
                clientOrderId: crypto.randomUUID(),
              });
            },
          }
        }
        onClose={() => {
          const now = getMoveDraft();
          if (now?.stage !== 'asking') return;
          // Not confirmed: back to the Move dialog (keys), or the line back to the order (a drag).
          if (now.fromKeys) setMoveDraft({ ...now, stage: 'editing' });
          else setMoveDraft(null);
        }}
      />
    </>
  );
}

const num = (text: string) => (text.trim() === '' || !(Number(text) > 0) ? null : Number(text));

/**
 * The trigger price from the keyboard: prefilled with the order's, ↑/↓ one tick, PageUp/PageDown
 * ten, Enter asks for the confirmation, Escape cancels. The chart's line follows the field.
 */
function MoveDialog({ draft }: { draft: MoveDraft }) {
  const { order } = draft;
  const [text, setText] = useState(String(draft.price));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The symbol's tick and mark (a reduce-only close previewed: no size, nothing sent).
  const preview = useQuery({
    ...orpc.previewOrder.queryOptions({
      input: { accountEmail: order.accountEmail, symbol: order.symbol, side: order.side, reduceOnly: true },
    }),
    staleTime: 5_000,
    retry: false,
  });
  const tick = tickFor(preview.data?.tickSize, order.triggerPrice!);
  // Back from the confirmation (Cancel, Escape): the field again. The confirmation has no trigger to
  // give the focus back to, and gives it after a tick: this comes after it.
  const editing = draft.stage === 'editing';
  useEffect(() => {
    if (!editing) return;
    const timer = setTimeout(() => input.current?.focus());
    return () => clearTimeout(timer);
  }, [editing]);
  const update = (next: string) => {
    setText(next);
    setError(null);
    const price = num(next);
    if (price !== null) setMoveDraft({ ...draft, price, stage: 'editing' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const steps = TICK_KEYS[e.key];
    if (steps !== undefined) {
      e.preventDefault();
      update(String(stepPrice(num(text) ?? draft.price, tick, e.shiftKey ? steps * 10 : steps)));
    } else if (e.key === 'Enter') {
      // Handled here: no keypress follows, so the confirmation's focused button is not pressed by it too.
      e.preventDefault();
      submit();
    }
  };
  const submit = () => {
    const price = num(text);
    if (price === null) return setError('A price above zero');
    if (price === order.triggerPrice) return setError(`It is at ${formatPrice(price)} already: ↑/↓ or type a price`);
    setMoveDraft({ ...draft, price, stage: 'asking' });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && clearMoveDraft(order.clientOrderId)}>
      <DialogContent
        className="max-w-sm"
        data-testid="move-protection-dialog"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          input.current?.focus();
          input.current?.select();
        }}
      >
        <DialogTitle className="first-letter:uppercase">Move {protectionLabel(order)}</DialogTitle>
        <DialogDescription>
          Now at {formatPrice(order.triggerPrice!)}
          {preview.data ? ` · mark ${formatPrice(preview.data.markPrice)}` : ''} · tick {tick}
          {/* The keys, where there is a keyboard (a phone has none). */}
          <span className="block pt-1 text-xs max-md:hidden">
            ↑ ↓ one tick · PgUp PgDn ten ticks · Enter to confirm · Esc to cancel
          </span>
        </DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField
            ref={input}
            label="Trigger price"
            name="trigger"
            inputMode="decimal"
            autoComplete="off"
            role="spinbutton"
            aria-valuenow={num(text) ?? undefined}
            aria-valuemin={tick}
            className="tabular-nums"
            value={text}
            error={error ?? undefined}
            onChange={(e) => update(e.target.value)}
            onKeyDown={onKeyDown}
            data-testid="move-protection-price"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => clearMoveDraft(order.clientOrderId)}>
              Cancel
            </Button>
            <Button type="submit" data-testid="move-protection-submit">
              Move {shortNameOf(order)}…
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
