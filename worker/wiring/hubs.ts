import { waitUntil } from 'cloudflare:workers';
import { createDb } from '../db/client';
import type { AlertNotifier } from '../domains/alerts/notify';
import { orderHubPublisher } from '../domains/orders/order-hub';
import type { PublishOrder } from '../domains/orders/order-store';
import { RISK_HUB_NAME } from '../domains/risk/notify';
import type { TodoPublisher } from '../domains/todo/todo-write';
import type { PushWatchHit } from '../domains/watchlists/watch-hits';
import type { Bindings } from '../env';
import { deliverPushesNow } from './web-push';
import { queueFillPush } from '../domains/push/fill-pushes';
import { logError } from '../lib/log';
import { inBackground } from './background';

/**
 * The wiring layer: what the domains publish to, built from the Worker's bindings. Domains receive
 * these functions; they never read a binding themselves.
 */

/**
 * Each step of an order to its trader's OrdersHub (fire-and-forget, kept alive by waitUntil); a
 * fill also to the trader's devices (Web Push, queued in the outbox and sent at once).
 */
export const ordersHub = (env: Bindings): PublishOrder => {
  const hub = orderHubPublisher((traderId) => env.ORDERS_HUB.getByName(traderId), { waitUntil });
  const deliver = deliverPushesNow(env);
  return (row) => {
    hub(row);
    if (row.status === 'filled')
      inBackground(() =>
        queueFillPush(createDb(env.DB), row)
          .then((queued) => (queued > 0 ? deliver() : undefined))
          .catch((err: unknown) => logError('fill push not queued', err)),
      );
  };
};

/** A headline that hit a user's watchlists, to their open tabs (the same per-user hub as alerts). */
export const watchHitPublisher =
  (env: Bindings): PushWatchHit =>
  (userId, hit) =>
    env.USER_ALERTS.getByName(userId).publish(hit);

/** Todo list changes to every admin's open todo page. */
export const todoHub =
  (env: Bindings): TodoPublisher =>
  (event) =>
    env.TODO_HUB.getByName('global').publish(event);

/** The risk team's live view and its Telegram chats. */
export const riskNotifier = (env: Bindings) => ({
  db: createDb(env.DB),
  hub: env.RISK_HUB.getByName(RISK_HUB_NAME),
  deliverPushes: deliverPushesNow(env),
});

/** Fired alerts: each owner's open tabs (their UserAlertHub) and the alert Telegram chats. */
export const alertNotifier = (env: Bindings): AlertNotifier => ({
  db: createDb(env.DB),
  push: (userId, notice) => env.USER_ALERTS.getByName(userId).publish(notice),
  deliverPushes: deliverPushesNow(env),
});
