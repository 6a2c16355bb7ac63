// The watchlists' cost at ingest (issue 32): 500 users × 20 entries each (6 symbols of 40, 12 words or
// phrases, 2 RE2 patterns), every headline matched once for the whole desk. Pure CPU, in Node
// (the same bundle the Worker runs): the index build (once per change of any list) and the match
// per headline, median and p99, against the classify pipeline's own cost per headline.
import { importWorkerModules, scratchDir } from '../scripts/lib.mjs';
import { writeSection } from './server.mjs';

const USERS = Number(process.env.BENCH_WATCH_USERS ?? 500);
const HEADLINES = Number(process.env.BENCH_WATCH_HEADLINES ?? 5000);
const { WatchIndex } = await importWorkerModules(
  "export { WatchIndex } from './worker/domains/watchlists/watch-index';",
  scratchDir('bench-watchlists'),
);

const SYMBOLS = [
  'BTC',
  'ETH',
  'SOL',
  'DOGE',
  'XRP',
  'ADA',
  'AVAX',
  'LINK',
  'DOT',
  'LTC',
  'BNB',
  'ARB',
  'OP',
  'SUI',
  'APT',
  'TIA',
  'PEPE',
  'WIF',
  'NEAR',
  'ATOM',
  'INJ',
  'SEI',
  'FIL',
  'ETC',
  'UNI',
  'AAVE',
  'MKR',
  'LDO',
  'RNDR',
  'FET',
  'STX',
  'IMX',
  'HBAR',
  'TRX',
  'TON',
  'SHIB',
  'BONK',
  'JUP',
  'PYTH',
  'ENA',
];
const WORDS = [
  'exploit',
  'hack',
  'listing',
  'delist',
  'etf',
  'sec',
  'fed',
  'rate cut',
  'will list',
  'bridge',
  'drained',
  'airdrop',
  'mainnet',
  'halt',
  'outage',
  'lawsuit',
  'approval',
  'stablecoin',
];
const PATTERNS = [
  'expl(oit|oited)',
  'hack(ed|er)?',
  'list(s|ing)?\\s+\\w+',
  'de-?list',
  '\\$\\d+\\s*(m|bn?)\\b',
  'etf\\s+(inflow|outflow)s?',
  'rate\\s+(cut|hike)',
  'halt(s|ed)?\\s+withdrawals',
];
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (xs) => xs[Math.floor(next() * xs.length)];
const lists = Array.from({ length: USERS }, (_, u) => ({
  id: `list-${u}`,
  userId: `user-${u}`,
  entries: [
    ...Array.from({ length: 6 }, () => ({ kind: 'symbol', value: pick(SYMBOLS) })),
    ...Array.from({ length: 12 }, () => ({
      kind: 'word',
      value: `${pick(WORDS)}${next() < 0.5 ? '' : ` ${pick(SYMBOLS).toLowerCase()}`}`,
    })),
    ...Array.from({ length: 2 }, () => ({ kind: 'pattern', value: pick(PATTERNS) })),
  ],
}));
const TITLES = [
  'BREAKING: Bridge exploit drains $4M from Solana DEX',
  'Binance will list SUI and APT perpetual contracts',
  'SEC approval for spot ETH ETF expected next week, sources say',
  'Fed signals a rate cut as inflation cools',
  'Exchange halts withdrawals after hot wallet hack',
  'Dogecoin rallies 12% as whales accumulate',
];
const headlines = Array.from({ length: HEADLINES }, (_, i) => ({
  title: `${pick(TITLES)} #${i}`,
  body: next() < 0.3 ? 'Details are still emerging; the team says user funds are safe and an audit is under way.' : null,
  symbols: Array.from({ length: Math.floor(next() * 3) }, () => pick(SYMBOLS)),
}));

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const builds = [];
let index;
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  index = new WatchIndex(lists);
  builds.push(performance.now() - t0);
}
const matches = [];
let hitUsers = 0;
for (const h of headlines) {
  const t0 = performance.now();
  const hits = index.match(h);
  matches.push(performance.now() - t0);
  hitUsers += hits.size;
}
const ms = (x) => x.toFixed(3);
const rows = [
  `| Index build (${USERS} users × 20 entries = ${index.entries.toLocaleString('en-US')} entries), ms | ${ms(quantile(builds, 0.5))} | ${ms(quantile(builds, 0.99))} |`,
  `| Match one headline for the whole desk, ms | ${ms(quantile(matches, 0.5))} | ${ms(quantile(matches, 0.99))} |`,
];
console.log(rows.join('\n'));
console.log(`  ${(hitUsers / HEADLINES).toFixed(1)} users hit per headline on average`);
writeSection(
  'watchlists',
  `<!-- bench:watchlists -->
### Watchlists at ingest (\`BENCH_ONLY=watchlists npm run bench\`, ${new Date().toISOString().slice(0, 10)})

Node ${process.version}, the Worker's own bundle, ${HEADLINES.toLocaleString('en-US')} generated headlines; ${(hitUsers / HEADLINES).toFixed(1)} users hit per headline on average.

| Measure | median | p99 |
|---|---:|---:|
${rows.join('\n')}
<!-- /bench:watchlists -->`,
);
