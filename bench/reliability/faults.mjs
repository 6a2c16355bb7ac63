// The faults phase: the Worker's exchange, X, Telegram and RSS point at local fakes that fail 20% of
// calls; the minute cron is driven every few seconds. After the faults stop and the system settles,
// D1 and the fakes are checked for lost or duplicated snapshot rows, outbox messages and headlines,
// and getSystemStatus (sampled during the faults and after) shows what an admin would have seen.
import { startFakeProviders } from './fake-providers.mjs';
import { checkD1 } from './faults-check.mjs';
import { signIn } from '../lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const FAKE_PORT = Number(process.env.RELIABILITY_FAKE_PORT ?? 8891);
const FAILURE_RATE = Number(process.env.RELIABILITY_FAILURE_RATE ?? 0.2);
const SETTLE_SECONDS = Number(process.env.RELIABILITY_SETTLE_SECONDS ?? 150);
/**
 * After the settle, how long more to wait for the Telegram outbox to empty. Telegram lets a bot send
 * a group 20 messages a minute, and this phase forwards ~27 a minute to one group chat (an X post
 * every 3 s, an RSS item every 9 s), so a backlog builds with or without faults and drains at
 * 20/min once they stop: the check waits for that instead of counting the tail as missed.
 */
const DRAIN_MAX_SECONDS = Number(process.env.RELIABILITY_DRAIN_MAX_SECONDS ?? 600);
const CRON_EVERY_MS = Number(process.env.RELIABILITY_CRON_MS ?? 5000);
const ACCOUNTS = Number(process.env.RELIABILITY_BINANCE_ACCOUNTS ?? 40);
const SECRETS = {
  apiKey: 'bench-api-key',
  apiSecret: 'bench-api-secret',
  botToken: '123456:bench-bot-token',
  bearerToken: 'bench-bearer',
};
const CHAT_ID = '-1009988776655';

async function call(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
const rpc = (base, cookie, name, input) =>
  call(base, cookie, `/api/rpc/${name}`, input === undefined ? undefined : { json: input }).then((r) => r.json);
const serverFn = (base, cookie, name, input) => call(base, cookie, `/_serverFn/${name}?createServerFn`, { data: input });

const rssDocument = (items) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Bench wire</title><link>http://127.0.0.1/</link><description>bench</description>
${items.map((i) => `<item><title>${i.title}</title><link>http://127.0.0.1/bench/${i.n}</link><guid>bench-${i.tag}-${i.n}</guid><pubDate>${new Date(i.at).toUTCString()}</pubDate></item>`).join('\n')}
</channel></rss>`;

/** The admin's setup: Binance sub-accounts imported, an X handle polled every 15 s, an RSS source, a Telegram chat for every headline. */
async function setUp(base, admin, fakes) {
  const synced = await rpc(base, admin, 'syncExchangeAccounts', { exchange: 'binance' });
  const handle = await serverFn(base, admin, 'createTwitterHandle', { handle: 'benchdesk', userId: '4242' });
  await serverFn(base, admin, 'createTwitterPollingSession', {
    name: 'Bench session',
    handleIds: [handle.id],
    intervalSeconds: 15,
    activeFromUtc: '00:00',
    activeToUtc: '00:00',
    enabled: true,
  });
  await serverFn(base, admin, 'createSource', {
    kind: 'rss',
    name: 'Bench wire',
    config: { url: `${fakes.url}/feeds/bench.xml`, intervalSeconds: 60 },
  });
  await serverFn(base, admin, 'createTelegramChat', { chatId: CHAT_ID, title: 'Bench desk', minImportance: 'low' });
  return synced;
}

export async function faultsPhase() {
  const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-${String(i).padStart(3, '0')}@fake.meridian`);
  const fakes = await startFakeProviders(FAKE_PORT, { ...SECRETS, accounts: emails });
  const vars = {
    BINANCE_API_KEY: SECRETS.apiKey,
    BINANCE_API_SECRET: SECRETS.apiSecret,
    BINANCE_BASE_URL: fakes.url,
    BINANCE_FUTURES_BASE_URL: fakes.url,
    X_BEARER_TOKEN: SECRETS.bearerToken,
    X_BASE_URL: fakes.url,
    TELEGRAM_BOT_TOKEN: SECRETS.botToken,
    TELEGRAM_BASE_URL: fakes.url,
  };
  const during = async ({ base, admin }) => {
    const synced = await setUp(base, admin, fakes);
    console.log(
      `  faults: ${synced.total} Binance sub-accounts on the fake exchange; failing ${FAILURE_RATE * 100}% of provider calls`,
    );
    const tag = Date.now().toString(36);
    const started = Date.now();
    const ticks = [];
    const statuses = [];
    let ticking = true;
    const cron = (async () => {
      while (ticking) {
        const at = Date.now();
        const res = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => null);
        if (res?.ok) ticks.push(at);
        await res?.arrayBuffer();
        await sleep(CRON_EVERY_MS);
      }
    })();
    // New headlines on X every 3 s and on the RSS feed every 10 s while the faults last.
    const published = { x: [], rss: [] };
    let publishing = true;
    const publisher = (async () => {
      for (let n = 0; publishing; n++) {
        const title = `Bench X ${tag} ${n} Bitcoin exploit`;
        fakes.x.post('benchdesk', title);
        published.x.push(n);
        if (n % 3 === 0) {
          published.rss.push({ n, tag, at: Date.now(), title: `Bench RSS ${tag} ${n} Ethereum upgrade` });
          fakes.rss.publish('/feeds/bench.xml', { body: rssDocument(published.rss.slice(-50)) });
        }
        await sleep(3000);
      }
    })();
    const sampler = setInterval(
      () =>
        rpc(base, admin, 'getSystemStatus').then(
          (s) => statuses.push(s),
          () => {},
        ),
      15_000,
    );
    fakes.setFailureRate(FAILURE_RATE);
    return {
      settle: async () => {
        const faultsEnd = Date.now();
        const duringFaults = await rpc(base, admin, 'getSystemStatus').catch((e) => ({ error: String(e) }));
        fakes.setFailureRate(0);
        publishing = false;
        await publisher;
        clearInterval(sampler);
        console.log(`  faults stopped; settling ${SETTLE_SECONDS} s with the cron still ticking`);
        await sleep(SETTLE_SECONDS * 1000);
        // A fresh session: the phase's own is older than the access token's 15 minutes by the end of
        // the drain (the first full re-run read 401 here and reported a drained outbox as not empty).
        const watcher = await signIn(base, 'admin@example.com');
        const backlogAt = async () =>
          (await rpc(base, watcher, 'getSystemStatus').catch(() => null))?.telegramOutbox.backlog ?? -1;
        const drain = { atSettle: await backlogAt(), seconds: null };
        for (let waited = 0; waited < DRAIN_MAX_SECONDS; waited += 5) {
          if ((await backlogAt()) === 0) {
            drain.seconds = SETTLE_SECONDS + waited;
            break;
          }
          await sleep(5000);
        }
        ticking = false;
        await cron;
        await sleep(10_000); // the last tick's batches through the queue
        const after = await rpc(base, watcher, 'getSystemStatus').catch((e) => ({ error: String(e) }));
        const d1 = checkD1({ tag, emails, ticks, started, faultsEnd, published, telegram: fakes.telegram.messagesIn(CHAT_ID) });
        await fakes.close();
        return faultsReport({
          counts: fakes.counts,
          ticks: ticks.length,
          statuses: [...statuses, duringFaults],
          after,
          d1,
          drain,
          duringFaults,
        });
      },
    };
  };
  return { vars, during };
}

/** The worst moment of each status figure while the faults ran, and its warnings. */
function statusSeen(statuses) {
  const ok = statuses.filter((s) => !s.error);
  const max = (f) => Math.max(0, ...ok.map(f));
  const warnings = new Set(ok.flatMap((s) => s.warnings.map((w) => w.code)));
  const failingSources = new Set(
    ok.flatMap((s) => s.newsSources.filter((src) => src.consecutiveFailures > 0 || src.lastError).map((src) => src.name)),
  );
  return {
    samples: ok.length,
    retryingBatches: max((s) => s.snapshotQueue.retryingBatches),
    deadLetters: max((s) => s.snapshotQueue.deadLetters24h),
    outboxBacklog: max((s) => s.telegramOutbox.backlog),
    outboxFailed: max((s) => s.telegramOutbox.failed),
    failedJobs: [...new Set(ok.flatMap((s) => s.cron.lastFailedJobs))],
    failingSources: [...failingSources],
    warnings: [...warnings],
  };
}

function faultsReport({ counts, ticks, statuses, after, d1, drain, duringFaults }) {
  const seen = statusSeen(statuses);
  const injected = Object.entries(counts)
    .map(
      ([p, c]) =>
        `${p} ${c.failed}/${c.calls} (${Object.entries(c.byKind)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')})`,
    )
    .join('; ');
  const afterSeen = after.error ? { error: after.error } : statusSeen([after]);
  const lines = [
    `- Faults injected (failed/calls per provider): ${injected}; ${ticks} cron ticks driven.`,
    `- Telegram outbox when the faults stopped: ${duringFaults.error ? '?' : duringFaults.telegramOutbox.backlog} queued; ${drain.atSettle} after ${SETTLE_SECONDS} s; ` +
      (drain.seconds === null
        ? `**not empty ${SETTLE_SECONDS + DRAIN_MAX_SECONDS} s after the faults stopped**.`
        : `empty ${drain.seconds} s after the faults stopped (Telegram allows 20 messages a minute to a group).`),
    `- After the faults stopped and ${SETTLE_SECONDS} s of settling (plus the outbox drain above): snapshot rows **lost ${d1.snapshots.lost}** of ${d1.snapshots.expected} (account × minute with a cron tick), duplicated ${d1.snapshots.duplicated}; ` +
      `headlines ingested X ${d1.headlines.x.ingested}/${d1.headlines.x.published} (**lost ${d1.headlines.x.lost}, duplicated ${d1.headlines.x.duplicated}**), RSS ${d1.headlines.rss.ingested}/${d1.headlines.rss.published} (**lost ${d1.headlines.rss.lost}, duplicated ${d1.headlines.rss.duplicated}**); ` +
      `outbox ${d1.outbox.rows} messages for the chat (${JSON.stringify(d1.outbox.byStatus)}), forwarded headlines missing from the outbox ${d1.outbox.notQueued}; delivered to the fake Telegram **once ${d1.outbox.once}, never ${d1.outbox.never}, more than once ${d1.outbox.duplicated}**.`,
    `- getSystemStatus while failing (${seen.samples} samples, worst of each): retrying batches ${seen.retryingBatches}, dead letters ${seen.deadLetters}, outbox backlog ${seen.outboxBacklog} (failed ${seen.outboxFailed}), sources with errors [${seen.failingSources.join(', ')}], failed cron jobs [${seen.failedJobs.join(', ')}], warnings [${seen.warnings.join(', ')}].`,
    `- getSystemStatus after settling: ${after.error ? after.error : `retrying ${afterSeen.retryingBatches}, dead letters ${afterSeen.deadLetters}, outbox backlog ${afterSeen.outboxBacklog}, sources with errors [${afterSeen.failingSources.join(', ')}], warnings [${afterSeen.warnings.join(', ')}]`}.`,
  ];
  console.log(lines.join('\n'));
  return { lines, injected: counts, status: seen, after: afterSeen, d1 };
}
