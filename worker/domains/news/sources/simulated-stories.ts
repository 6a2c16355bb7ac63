import type { SimSource } from './simulated-outlets';
import { change, int, lastTradingDay, millions, pick, priceOf, roundLevel, usd, usdMillions, type Coin } from './simulated-words';

/** The stories the news simulator tells, each stating only the simulated market's own prices (simulated-source.ts). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Coins of the headlines: every one listed by the simulated market, which states their prices. */
export const COINS: readonly Coin[] = [
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

// Market venues and fund issuers are the real market's structure; what they do here is simulated.
const EXCHANGES = ['Binance', 'Coinbase', 'OKX', 'Bybit', 'Kraken', 'Upbit', 'Bitget'];
const ISSUERS = ['BlackRock', 'Fidelity', 'Grayscale', 'VanEck', 'Bitwise', '21Shares'];
// Hacks, purchases and whale moves would be claims about real firms and people: these are made up.
const PROTOCOLS = ['Harborswap', 'Lumen Bridge', 'Tidewater Lend', 'Quarrystake', 'a Kestrel fork', 'Orchard Vaults'];
const COMPANIES = ['Northgate Holdings', 'Bellweather Capital', 'Sundial Robotics', 'Corvid Media', 'Alder & Finch'];
const FUNDS = ['Kestrel Capital', 'Fathom Trading', 'Brightline Markets', 'a fund wallet tagged "Osprey"'];

export interface Ctx {
  rng: () => number;
  coin: Coin;
  ts: number;
}

export interface Story {
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

const BCH: Coin = { symbol: 'BCH', name: 'Bitcoin Cash', weight: 0 };

type Template = { weight: number; make: (ctx: Ctx) => Story };

export const TEMPLATES: readonly Template[] = [
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
