import { useSyncExternalStore } from 'react';
import type { OrderDto } from '@contract/orders';

/**
 * A take-profit or stop-loss being moved, shared by the chart (its line shows the new price) and the
 * order panel (the Move dialog and the confirmation): 'editing' in the Move dialog (keys), 'asking'
 * while the confirmation is open, 'sending' once confirmed. Cleared: the line goes back to the order.
 */
export interface MoveDraft {
  order: OrderDto;
  price: number;
  stage: 'editing' | 'asking' | 'sending';
  /** from the keyboard (the Move dialog): Enter confirms, and Cancel goes back to the dialog */
  fromKeys: boolean;
}

let draft: MoveDraft | null = null;
const listeners = new Set<() => void>();

export const getMoveDraft = () => draft;

export function setMoveDraft(next: MoveDraft | null) {
  draft = next;
  for (const listener of listeners) listener();
}

/** Clears the draft when it is still this order's (a later move of another order stays). */
export function clearMoveDraft(orderClientOrderId?: string) {
  if (draft && (orderClientOrderId === undefined || draft.order.clientOrderId === orderClientOrderId)) setMoveDraft(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useMoveDraft = () => useSyncExternalStore(subscribe, getMoveDraft);

/** The Move dialog, opened on a resting take-profit or stop-loss at its trigger. */
export const startMove = (order: OrderDto) =>
  setMoveDraft({ order, price: order.triggerPrice!, stage: 'editing', fromKeys: true });

/** The confirmation of a move to `price` (a line dropped on the chart). */
export const askMove = (order: OrderDto, price: number) => setMoveDraft({ order, price, stage: 'asking', fromKeys: false });

/** The order's short name in a confirmation ("Move stop to …?"). */
export const shortNameOf = (o: OrderDto) => (o.type === 'STOP_MARKET' ? 'stop' : 'take-profit');
