import { SIMULATED_SOURCE_PREFIX } from '../../../contract/patterns';
import type { Db } from '../../../db/client';
import { priceAt } from '../../../exchanges/simulated/market';
import { hashString, mulberry32 } from '../../../exchanges/simulated/prng';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { RawNewsItem } from '../types';

/**
 * A local stand-in for the real sources: crypto headlines in the style of X wire accounts, RSS
 * publishers and Telegram channels, from fictional outlets and authors (none is a real account or
 * site, and the items carry no link: there is no article to open). Every price a headline states
 * is the simulated market's own at that instant ("falls below $X" is a level just crossed), so the
 * headlines and the terminal's chips agree. Pure: the items of a minute are a function of that
 * minute only (same tick → same items, same external ids), so a repeated tick stores nothing new.
 * The Worker cron runs it only when LOCAL_NEWS_SIMULATOR is "1"; scripts/seed-news.mjs uses it
 * for the 30 days of demo history.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SimSource {
  /** news_sources id, and the items' source id */
  id: string;
  kind: 'twitter' | 'rss' | 'telegram';
  name: string;
  /** X handle, Telegram channel or site slug */
  handle: string;
}

/** The prefix of every simulated source's id (news_sources kind 'simulated'); the UI marks their items. */
export const SIM_SOURCE_PREFIX = SIMULATED_SOURCE_PREFIX;

/** Fictional outlets: names made up for the simulator, no real account, channel or site. */
export const SIM_SOURCES: readonly SimSource[] = [
  { id: 'sim:twitter:sim_wire', kind: 'twitter', name: '@sim_wire', handle: 'sim_wire' },
  { id: 'sim:twitter:sim_flash', kind: 'twitter', name: '@sim_flash', handle: 'sim_flash' },
  { id: 'sim:twitter:sim_asia_desk', kind: 'twitter', name: '@sim_asia_desk', handle: 'sim_asia_desk' },
  { id: 'sim:twitter:sim_onchain', kind: 'twitter', name: '@sim_onchain', handle: 'sim_onchain' },
  { id: 'sim:rss:harbor-ledger', kind: 'rss', name: 'Harbor Ledger', handle: 'harbor-ledger' },
  { id: 'sim:rss:quarry-markets', kind: 'rss', name: 'Quarry Markets Daily', handle: 'quarry-markets' },
  { id: 'sim:telegram:sim_tape', kind: 'telegram', name: 'Sim Tape', handle: 'sim_tape' },
  { id: 'sim:telegram:sim_flow', kind: 'telegram', name: 'Sim Flow Alerts', handle: 'sim_flow' },
];

interface Coin {
  /** the ticker a headline writes ($PEPE) */
  symbol: string;
  name: string;
  /** relative frequency in the news */
  weight: number;
  /** the simulated market's contract when it is not the ticker (PEPE trades as 1000PEPE) */
  market?: string;
  /** coins per contract unit (1000 for 1000PEPE) */
  unit?: number;
}

/** Coins of the headlines: every one listed by the simulated market, which states their prices. */
const COINS: readonly Coin[] = [
  { symbol: 'BTC', name: 'Bitcoin', weight: 34 },
  { symbol: 'ETH', name: 'Ethereum', weight: 20 },
  { symbol: 'SOL', name: 'Solana', weight: 10 },
  { symbol: 'XRP', name: 'XRP', weight: 6 },
  { symbol: 'BNB', name: 'BNB', weight: 5 },
  { symbol: 'DOGE', name: 'Dogecoin', weight: 5 },
  { symbol: 'ADA', name: 'Cardano', weight: 3 },
  { symbol: 'AVAX', name: 'Avalanche', weight: 3 },
  { symbol: 'LINK', name: 'Chainlink', weight: 3 },
  { symbol: 'SUI', name: 'Sui', weight: 3 },
  { symbol: 'ARB', name: 'Arbitrum', weight: 2 },
  { symbol: 'PEPE', name: 'Pepe', weight: 2, market: '1000PEPE', unit: 1000 },
  { symbol: 'LTC', name: 'Litecoin', weight: 2 },
];

/** Fictional reporters of the fictional RSS outlets. */
const REPORTERS = ['Mara Quillfeather', 'Tobias Fenwright', 'Ines Calloway', 'Rafael Okonjo-Lind', 'Priya Vantongeren', 'Jonah Wexley'];
// Market venues and fund issuers are the real market's structure; what they do here is simulated.
const EXCHANGES = ['Binance', 'Coinbase', 'OKX', 'Bybit', 'Kraken', 'Upbit', 'Bitget'];
const ISSUERS = ['BlackRock', 'Fidelity', 'Grayscale', 'VanEck', 'Bitwise', '21Shares'];
// Hacks, purchases and whale moves would be claims about real firms and people: these are made up.
const PROTOCOLS = ['Harborswap', 'Lumen Bridge', 'Tidewater Lend', 'Quarrystake', 'a Kestrel fork', 'Orchard Vaults'];
const COMPANIES = ['Northgate Holdings', 'Bellweather Capital', 'Sundial Robotics', 'Corvid Media', 'Alder & Finch'];
const FUNDS = ['Kestrel Capital', 'Fathom Trading', 'Brightline Markets', 'a fund wallet tagged "Osprey"'];

interface Ctx {
  rng: () => number;
  coin: Coin;
  ts: number;
}

interface Story {
  /** the bare headline; wire sources decorate it */
  title: string;
  /** a sentence for RSS items */
  summary?: string;
  /** breaking-style stories get "BREAKING:" / "JUST IN:" on wire accounts */
  urgent?: boolean;
  isTest?: boolean;
  /** preferred source kinds */
  kinds?: SimSource['kind'][];
  /** on-chain tracking: an on-chain account posts it */
  onchain?: boolean;
}

/** Accounts that post on-chain moves only. */
const ONCHAIN_ACCOUNTS = new Set(['sim_onchain']);

const BCH: Coin = { symbol: 'BCH', name: 'Bitcoin Cash', weight: 0 };

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const int = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

function weighted<T extends { weight: number }>(rng: () => number, items: readonly T[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rng() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** The coin's price at `ts`: the simulated market's, per coin (1000PEPE's ÷ 1000). */
function priceOf(coin: Coin, ts: number): number {
  return priceAt(coin.market ?? coin.symbol, ts) / (coin.unit ?? 1);
}

/** "$97,000", "$3,450", "$187.5", "$0.3812", "$0.0000095" */
export function usd(value: number): string {
  if (value >= 1000) return `$${Math.round(value).toLocaleString('en-US')}`;
  const digits = value >= 10 ? 1 : value >= 0.01 ? 4 : 1 - Math.floor(Math.log10(value));
  const fixed = value.toFixed(digits);
  return `$${fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed}`;
}

/** "$45.3M", "$1,240M" */
function usdMillions(value: number): string {
  return value >= 100 ? `$${Math.round(value).toLocaleString('en-US')}M` : `$${value.toFixed(1)}M`;
}

/** A round level just crossed: 97,000 for BTC at 97,412, 3,400 for ETH at 3,431. */
function roundLevel(price: number, up: boolean): number {
  const step = 10 ** Math.floor(Math.log10(price)) / 10;
  return up ? Math.floor(price / step) * step : Math.ceil(price / step) * step;
}

/** The coin's percent change over `span` up to `ts`, on the simulated market. */
function change(coin: Coin, ts: number, span: number): number {
  const then = priceOf(coin, ts - span);
  return ((priceOf(coin, ts) - then) / then) * 100;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** ETF flows are reported for the previous trading day. */
function lastTradingDay(ts: number): string {
  const day = new Date(ts).getUTCDay();
  return day === 0 || day === 1 || day === 6 ? 'Friday' : WEEKDAYS[day - 1]!;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

/** Publishers' headline style: capitalised words, small words left alone. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/^[a-z]/, (c) => c.toUpperCase())))
    .join(' ');
}

const millions = (rng: () => number, min: number, max: number) => int(rng, min, max);

type Template = { weight: number; make: (ctx: Ctx) => Story };

const TEMPLATES: readonly Template[] = [
  {
    weight: 10,
    make: ({ rng, coin, ts }) => {
      const price = priceOf(coin, ts);
      const up = change(coin, ts, HOUR) >= 0;
      const level = usd(roundLevel(price, up));
      const title = up
        ? pick(rng, [
            `${coin.name} breaks ${level}`,
            `$${coin.symbol} reclaims ${level}`,
            `${coin.name} tops ${level} for the first time this week`,
          ])
        : pick(rng, [
            `${coin.name} falls below ${level}`,
            `$${coin.symbol} drops under ${level}`,
            `${coin.name} slips below ${level} as selling picks up`,
          ]);
      return { title, summary: `${coin.symbol} last traded near ${usd(price)}.`, urgent: rng() < 0.4 };
    },
  },
  {
    weight: 8,
    make: ({ coin, ts }) => {
      const pct = change(coin, ts, DAY);
      const dir = pct >= 0 ? 'up' : 'down';
      return {
        title: `${coin.name} ${dir} ${Math.abs(pct).toFixed(1)}% in the last 24 hours, trading at ${usd(priceOf(coin, ts))}`,
        kinds: ['twitter', 'telegram'],
      };
    },
  },
  {
    weight: 6,
    make: ({ rng, ts }) => {
      const coin = pick(rng, COINS.slice(0, 3));
      const flow = rng() < 0.65 ? 'inflows' : 'outflows';
      const amount = millions(rng, 40, 1_200).toLocaleString('en-US');
      return {
        title: `US spot ${coin.name} ETFs saw $${amount}M in net ${flow} on ${lastTradingDay(ts)}`,
        summary: `${pick(rng, ISSUERS)}'s fund led the day's ${flow}, per the funds' daily filings.`,
      };
    },
  },
  {
    weight: 5,
    make: ({ rng, ts }) => {
      const company = pick(rng, COMPANIES);
      const btc = int(rng, 80, 12_000);
      const cost = Math.round((btc * priceOf(COINS[0]!, ts)) / 1e6);
      return {
        title: `${company} buys ${btc.toLocaleString('en-US')} BTC for $${cost.toLocaleString('en-US')}M`,
        summary: `The purchase lifts ${company}'s bitcoin holdings again.`,
        urgent: btc > 5_000,
      };
    },
  },
  {
    weight: 7,
    make: ({ rng }) => {
      const coin = pick(rng, COINS.slice(3));
      const named = coin.name === coin.symbol ? coin.name : `${coin.name} (${coin.symbol})`;
      const exchange = pick(rng, EXCHANGES);
      const delist = rng() < 0.2;
      if (delist) {
        return {
          title: `${exchange} to delist ${coin.symbol} trading pairs on ${int(rng, 2, 28)} ${pick(rng, ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'])}`,
          urgent: true,
        };
      }
      return {
        title: pick(rng, [
          `${exchange} will list ${named} perpetual contracts with up to 50x leverage`,
          `${exchange} adds ${coin.symbol} to its listing roadmap`,
          `${exchange} to list ${coin.symbol} with USDT and USDC pairs`,
        ]),
        urgent: rng() < 0.5,
        kinds: ['twitter', 'telegram'],
      };
    },
  },
  {
    weight: 5,
    make: ({ rng }) => {
      const coin = pick(rng, COINS.slice(0, 8));
      const issuer = pick(rng, ISSUERS);
      const story = pick(rng, [
        {
          title: `SEC delays decision on ${issuer}'s spot ${coin.name} ETF`,
          summary: 'The agency extended its review period again; a final deadline falls later this year.',
        },
        {
          title: `SEC acknowledges ${issuer}'s filing for a ${coin.name} ETF with staking`,
          summary: 'The acknowledgement starts the clock on a decision.',
        },
        {
          title: `CFTC chair says ${coin.name} is a commodity, calls for clear market rules`,
          summary: 'The remarks came at a Senate hearing on digital asset oversight.',
        },
        {
          title: `Hong Kong regulator approves ${coin.name} spot ETFs from ${issuer}`,
          summary: 'Trading is expected to start within weeks.',
        },
      ]);
      return { ...story, urgent: true };
    },
  },
  {
    weight: 3,
    make: ({ rng }) => {
      const coin = pick(rng, COINS.slice(0, 6));
      const amount = millions(rng, 3, 220);
      return {
        title: pick(rng, [
          `${pick(rng, PROTOCOLS)} exploited for $${amount}M; team says contracts are paused`,
          `${pick(rng, PROTOCOLS)} hack: $${amount}M in ${coin.symbol} drained from its pools`,
          `${coin.name} bridge exploit: attacker moves $${amount}M to a mixer`,
        ]),
        summary: 'Security researchers flagged the suspicious transfers first.',
        urgent: true,
      };
    },
  },
  {
    weight: 4,
    // Longs when the coin fell over the hour, shorts when it rose: the story follows the price.
    make: ({ rng, coin, ts }) => ({
      title:
        change(coin, ts, HOUR) < 0
          ? `$${millions(rng, 60, 900)}M in crypto longs liquidated in the past hour as ${coin.name} drops`
          : `$${millions(rng, 60, 900)}M in crypto shorts liquidated in the past hour as ${coin.name} climbs`,
      urgent: true,
      kinds: ['twitter', 'telegram'],
    }),
  },
  {
    weight: 8,
    make: ({ rng }) => {
      const actual = (int(rng, 22, 34) / 10).toFixed(1);
      const expected = (int(rng, 22, 34) / 10).toFixed(1);
      return {
        title: pick(rng, [
          `US CPI ${actual}% YoY vs ${expected}% expected`,
          `Fed leaves rates unchanged at ${pick(rng, ['4.25–4.50%', '4.00–4.25%', '3.75–4.00%'])}`,
          `Fed chair says the committee is "well positioned to wait for more clarity"`,
          `US initial jobless claims ${int(rng, 205, 260)}K vs ${int(rng, 210, 250)}K expected`,
          `Nasdaq futures ${rng() < 0.5 ? 'up' : 'down'} ${(rng() * 1.5).toFixed(1)}% ahead of the open`,
          `White House says tariffs on ${pick(rng, ['China', 'the EU', 'Canada', 'Mexico'])} will take effect ${pick(rng, ['Friday', 'next week', 'on the 1st'])}`,
        ]),
        urgent: rng() < 0.3,
      };
    },
  },
  {
    weight: 7,
    make: ({ rng, coin, ts }) => {
      const amount = coin.symbol === 'BTC' ? int(rng, 300, 5_000) : int(rng, 5_000, 80_000);
      const value = (amount * priceOf(coin, ts)) / 1e6;
      return {
        title: pick(rng, [
          `Whale withdrew ${amount.toLocaleString('en-US')} $${coin.symbol} (${usdMillions(value)}) from ${pick(rng, EXCHANGES)} in the past ${int(rng, 2, 12)} hours`,
          `A wallet dormant for ${int(rng, 5, 12)} years just moved ${amount.toLocaleString('en-US')} $${coin.symbol} (${usdMillions(value)})`,
          `${pick(rng, FUNDS)} deposited ${amount.toLocaleString('en-US')} $${coin.symbol} to ${pick(rng, EXCHANGES)}`,
        ]),
        kinds: ['twitter'],
        onchain: true,
      };
    },
  },
  {
    weight: 5,
    make: ({ rng, coin }) => ({
      ...pick(rng, [
        {
          title: `${coin.name} developers set mainnet date for the next network upgrade`,
          summary: 'Core developers confirmed the timeline on the latest call.',
        },
        {
          title: `${coin.name} network activity hits its highest level in ${int(rng, 3, 18)} months`,
          summary: 'Daily active addresses and fees both rose over the week.',
        },
        {
          title: `${coin.name} validators vote on fee market changes`,
          summary: 'The proposal needs a two-thirds majority of stake to pass.',
        },
        {
          title: `${coin.name} Foundation unveils $${millions(rng, 10, 250)}M ecosystem fund`,
          summary: 'Grants will go to developer tooling and DeFi projects.',
        },
      ]),
      kinds: ['rss'],
    }),
  },
  {
    weight: 2,
    // BCH's own day on the simulated market (the banned mapping keeps it off BTC).
    make: ({ rng, ts }) => {
      const pct = change(BCH, ts, DAY);
      return {
        title: `Bitcoin Cash (BCH) ${pct >= 0 ? 'up' : 'down'} ${Math.abs(pct).toFixed(1)}% on the day as ${pick(rng, EXCHANGES)} ${pick(rng, ['opens BCH futures', 'sees record BCH volume', 'adds BCH lending'])}`,
      };
    },
  },
  {
    weight: 3,
    make: ({ rng, coin, ts }) => ({
      title: pick(rng, [
        `🎁 ${coin.symbol} GIVEAWAY 🎁 Follow + RT, ${int(rng, 3, 10)} winners get 1,000 $${coin.symbol} each!!!`,
        `Claim your free ${coin.name} airdrop now 👉 DM us for the link, only ${int(rng, 20, 90)} spots left`,
        `🚀🚀 ${coin.name} to ${usd(priceOf(coin, ts) * int(rng, 3, 10))} GUARANTEED, join our VIP group for the GIVEAWAY 🚀🚀`,
      ]),
      kinds: ['twitter', 'telegram'],
    }),
  },
  {
    weight: 1.5,
    make: ({ rng }) => ({
      title: pick(rng, ['TEST — please ignore', 'Test headline from the desk, ignore', '[test] feed connectivity check']),
      isTest: true,
    }),
  },
];

/** How a source words a story: wire accounts shout, publishers write title case, channels add emoji. */
function decorate(source: SimSource, story: Story, rng: () => number): string {
  const { title } = story;
  if (story.isTest) return title;
  if (source.kind === 'twitter') {
    if (story.urgent && rng() < 0.7) return `${pick(rng, ['BREAKING', 'JUST IN'])}: ${title}`;
    return title;
  }
  if (source.kind === 'telegram') return story.urgent ? `🚨 ${title}` : title;
  return titleCase(title);
}

/**
 * The headlines of the minute ending at `tickMs` (floored to the minute): 3–6 items with
 * timestamps spread over that minute, oldest first. Now and then a story is repeated by another
 * source a few seconds later (the dedupe drops it), as wire headlines are.
 */
export function generateSimulatedNews(tickMs: number): RawNewsItem[] {
  const minuteEnd = Math.floor(tickMs / MINUTE) * MINUTE;
  const rng = mulberry32(hashString(`meridian-news:${minuteEnd}`));
  const count = 3 + Math.floor(rng() * 4);
  const offsets = Array.from({ length: count }, () => Math.floor(rng() * MINUTE)).sort((a, b) => a - b);
  const items: RawNewsItem[] = [];
  let previous: { story: Story; source: SimSource } | null = null;
  for (let i = 0; i < count; i++) {
    const publishedAt = minuteEnd - MINUTE + offsets[i]!;
    let story: Story;
    let source: SimSource;
    if (previous && !previous.story.isTest && rng() < 0.12) {
      story = { ...previous.story, urgent: true };
      const others = SIM_SOURCES.filter((s) => s.kind !== previous!.source.kind && !ONCHAIN_ACCOUNTS.has(s.handle));
      source = pick(rng, others);
    } else {
      const coin = weighted(rng, COINS);
      story = weighted(rng, TEMPLATES).make({ rng, coin, ts: publishedAt });
      const kinds = story.kinds ?? ['twitter', 'twitter', 'rss', 'telegram'];
      const kind = pick(rng, kinds);
      source = pick(
        rng,
        SIM_SOURCES.filter(
          (s) => s.kind === kind && (kind !== 'twitter' || ONCHAIN_ACCOUNTS.has(s.handle) === Boolean(story.onchain)),
        ),
      );
    }
    const title = decorate(source, story, rng);
    const author = source.kind === 'rss' ? pick(rng, REPORTERS) : source.kind === 'twitter' ? `@${source.handle}` : source.name;
    items.push({
      source: { id: source.id, kind: source.kind, name: source.name },
      externalId: `${minuteEnd / MINUTE}-${i}`,
      publishedAt,
      receivedAt: Math.min(minuteEnd, publishedAt + 300 + Math.floor(rng() * 2_500)),
      author,
      title,
      ...(source.kind === 'rss' && story.summary && { body: story.summary }),
      ...(story.isTest && { isTest: true }),
    });
    previous = { story, source };
  }
  return items;
}

export interface SimulatorResult {
  generated: number;
  stored: number;
  duplicates: number;
  skipped: number;
}

/**
 * One cron tick of the simulator: ingests the minute's generated headlines through the normal
 * pipeline. A simulated source an admin disabled (news_sources, kind 'simulated') is skipped;
 * the others get last_success_at.
 */
export async function runNewsSimulator(deps: { db: Db; ingest: IngestDeps; now: number }): Promise<SimulatorResult> {
  const d1 = deps.db.$client;
  const { results: rows } = await d1
    .prepare(`SELECT id, enabled FROM news_sources WHERE kind = 'simulated'`)
    .all<{ id: string; enabled: number }>();
  const disabled = new Set(rows.filter((r) => !r.enabled).map((r) => r.id));
  const result: SimulatorResult = { generated: 0, stored: 0, duplicates: 0, skipped: 0 };
  const used = new Set<string>();
  for (const raw of generateSimulatedNews(deps.now)) {
    result.generated++;
    if (disabled.has(raw.source.id)) {
      result.skipped++;
      continue;
    }
    used.add(raw.source.id);
    const outcome = await ingestNews(deps.ingest, raw);
    if (outcome.status === 'stored') result.stored++;
    else result.duplicates++;
  }
  const ids = [...used];
  if (ids.length) {
    await d1
      .prepare(
        `UPDATE news_sources SET last_success_at = ?1, consecutive_failures = 0 WHERE kind = 'simulated' AND id IN (${ids.map((_, i) => `?${i + 2}`).join(', ')})`,
      )
      .bind(deps.now, ...ids)
      .run();
  }
  return result;
}
