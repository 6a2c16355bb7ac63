// After the faults phase: what D1 (read straight from the bench's local SQLite files) and the fake
// Telegram hold, against what was published and ticked.
import { DatabaseSync } from 'node:sqlite';
import { localD1File } from '../../scripts/lib.mjs';

/** What the check reads, straight from the bench's local D1 files (read-only). */
function readD1({ tag, since }) {
  const main = new DatabaseSync(localD1File('DB'), { readOnly: true });
  const news = new DatabaseSync(localD1File('NEWS_DB'), { readOnly: true });
  try {
    const accounts = Object.fromEntries(
      main
        .prepare("SELECT id, email FROM exchange_accounts WHERE exchange = 'binance'")
        .all()
        .map((r) => [r.id, r.email]),
    );
    const rows = main
      .prepare('SELECT account_id, ts FROM account_snapshots_minute WHERE ts >= ?')
      .all(since)
      .filter((r) => r.account_id in accounts)
      .map((r) => [r.account_id, r.ts]);
    const items = news
      .prepare('SELECT id, title, is_garbage FROM news_items WHERE title LIKE ? OR title LIKE ?')
      .all(`Bench X ${tag} %`, `Bench RSS ${tag} %`)
      .map((r) => [r.id, r.title, r.is_garbage]);
    const outbox = main
      .prepare("SELECT dedup_key, status FROM outbox WHERE dedup_key LIKE 'news:%'")
      .all()
      .map((r) => [r.dedup_key, r.status]);
    return { accounts, rows, items, outbox };
  } finally {
    main.close();
    news.close();
  }
}

const MINUTE = 60_000;

export function checkD1({ tag, emails, ticks, started, published, telegram }) {
  const since = Math.floor(started / MINUTE) * MINUTE;
  const { accounts, rows, items, outbox } = readD1({ tag, since });

  // Snapshots: every account × every minute the cron ticked in must have exactly one minute row.
  const minutes = [...new Set(ticks.map((t) => Math.floor(t / MINUTE)))];
  const have = new Map();
  for (const [account, ts] of rows) {
    const key = `${account}:${Math.floor(ts / MINUTE)}`;
    have.set(key, (have.get(key) ?? 0) + 1);
  }
  const ids = Object.keys(accounts).filter((id) => emails.includes(accounts[id]));
  let lost = 0;
  let duplicated = 0;
  for (const id of ids)
    for (const m of minutes) {
      const n = have.get(`${id}:${m}`) ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated += n - 1;
    }

  // Headlines: each published post / feed item stored once.
  const headline = (prefix, numbers) => {
    const stored = new Map();
    for (const [, title] of items) {
      const m = new RegExp(`^${prefix} ${tag} (\\d+) `).exec(title);
      if (m) stored.set(Number(m[1]), (stored.get(Number(m[1])) ?? 0) + 1);
    }
    return {
      published: numbers.length,
      ingested: numbers.filter((n) => stored.has(n)).length,
      lost: numbers.filter((n) => !stored.has(n)).length,
      duplicated: [...stored.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
    };
  };

  // Outbox: every stored, non-garbage bench headline queued for the chat and delivered exactly once.
  const forwarded = items.filter(([, , garbage]) => !garbage);
  const byStatus = {};
  const queued = new Set();
  for (const [key, status] of outbox) {
    const id = Number(key.split(':')[1]);
    if (!forwarded.some(([itemId]) => itemId === id)) continue;
    queued.add(id);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  let once = 0;
  let never = 0;
  let dup = 0;
  for (const [, title] of forwarded) {
    const n = telegram.filter((m) => m.text.includes(title)).length;
    if (n === 0) never++;
    else if (n === 1) once++;
    else dup++;
  }
  return {
    snapshots: { accounts: ids.length, minutes: minutes.length, expected: ids.length * minutes.length, lost, duplicated },
    headlines: {
      x: headline('Bench X', published.x),
      rss: headline(
        'Bench RSS',
        published.rss.map((i) => i.n),
      ),
    },
    outbox: {
      rows: queued.size,
      byStatus,
      notQueued: forwarded.length - queued.size,
      once,
      never,
      duplicated: dup,
      messages: telegram.length,
    },
  };
}
