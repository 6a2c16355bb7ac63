import type { SystemStatus } from '../contract/system';
import type { Bindings } from '../env';
import { PRICE_HUB_NAME } from '../domains/prices/hub-queries';
import { RISK_HUB_NAME } from '../domains/risk/notify';
import { askWithTimeout } from '../domains/system/ask-with-timeout';

/**
 * Live subscribers of the shared hubs (one instance each). The per-user alert hubs and per-account
 * live hubs are many small objects with no registry to enumerate, so they are not counted here.
 */
export async function hubSubscriberCounts(env: Bindings): Promise<SystemStatus['hubs']> {
  const asks: [string, () => Promise<number>][] = [
    ['news', async () => env.NEWS_HUB.getByName('global').subscriberCount()],
    ['risk', async () => env.RISK_HUB.getByName(RISK_HUB_NAME).subscriberCount()],
    ['todo', async () => env.TODO_HUB.getByName('global').subscriberCount()],
    ['prices', async () => (await env.PRICE_HUB.getByName(PRICE_HUB_NAME).stats()).viewers],
  ];
  return Promise.all(asks.map(async ([name, ask]) => ({ name, subscribers: await askWithTimeout(ask) })));
}
