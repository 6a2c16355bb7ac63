// After the faults phase: what D1 (read straight from the bench's local SQLite files) and the fake
// Telegram hold, against what was published and ticked.
import { execFileSync } from 'node:child_process';
import { localD1File } from '../../scripts/lib.mjs';

const QUERY = `
import json, sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
news = sqlite3.connect(f"file:{sys.argv[2]}?mode=ro", uri=True)
args = json.loads(sys.argv[3])
accounts = dict(db.execute("SELECT id, email FROM exchange_accounts WHERE exchange = 'binance'").fetchall())
rows = db.execute("SELECT account_id, ts FROM account_snapshots_minute WHERE ts >= ?", (args["since"],)).fetchall()
items = news.execute("SELECT id, title, is_garbage FROM news_items WHERE title LIKE ? OR title LIKE ?", (f"Bench X {args['tag']} %", f"Bench RSS {args['tag']} %")).fetchall()
outbox = db.execute("SELECT dedup_key, status FROM outbox WHERE dedup_key LIKE 'news:%'").fetchall()
print(json.dumps({"accounts": accounts, "rows": [r for r in rows if r[0] in accounts], "items": items, "outbox": outbox}))
`;

const MINUTE = 60_000;

export function checkD1({ tag, emails, ticks, started, published, telegram }) {
  const since = Math.floor(started / MINUTE) * MINUTE;
  const out = execFileSync('python3', ['-c', QUERY, localD1File('DB'), localD1File('NEWS_DB'), JSON.stringify({ tag, since })], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const { accounts, rows, items, outbox } = JSON.parse(out);

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
