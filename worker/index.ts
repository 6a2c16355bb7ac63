import { createApp } from './app';
import type { Bindings } from './env';
import { runScheduled } from './cron';
import { handleQueueBatch } from './cron/snapshot-queue';
import { healthResponse, isHealthCheck } from './http/health';

export { AccountLiveHub } from './durable-objects/account-live';
export { UserAlertHub } from './durable-objects/user-alerts';
export { NewsHub } from './durable-objects/news-hub';
export { TodoHub } from './durable-objects/todo-hub';
export { RiskHub } from './durable-objects/risk-hub';
export { PriceHub } from './durable-objects/price-hub';
export { OrdersHub } from './durable-objects/orders-hub';
export { RiskGate } from './durable-objects/risk-gate';
export { NewsPoller } from './durable-objects/news-poller';
export { NewsStream } from './durable-objects/news-stream';

const app = createApp();

export default {
  fetch: (request, env, ctx) => (isHealthCheck(request) ? healthResponse(request) : app.fetch(request, env, ctx)),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller, env));
  },
  queue: (batch, env) => handleQueueBatch(batch, env),
} satisfies ExportedHandler<Bindings>;
