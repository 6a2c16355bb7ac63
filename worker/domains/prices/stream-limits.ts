import { MAX_PRICE_STREAMS_PER_USER, MAX_STREAM_SYMBOLS } from '../../contract/patterns';
import { domainError } from '../../lib/domain-error';
import { bareSymbol, type MarkPriceUpstream } from './upstream';

export { MAX_PRICE_STREAMS_PER_USER, MAX_STREAM_SYMBOLS };

/**
 * The symbols of a request the market does not list, refused with BAD_REQUEST naming them: the hub
 * opens upstream subscriptions only for listed symbols, so made-up names cost nothing upstream.
 */
export async function assertListed(upstream: MarkPriceUpstream, symbols: readonly string[]): Promise<void> {
  const listed = await upstream.listed();
  const unlisted = symbols.filter((s) => !listed.has(bareSymbol(s)));
  if (!unlisted.length) return;
  const market = upstream.kind === 'simulated' ? 'the simulated market' : 'Binance USDⓈ-M futures';
  throw domainError('BAD_REQUEST', `Not listed on ${market}: ${unlisted.join(', ')}`, { unlisted });
}

/** The symbol count of one stream, checked again inside the hub (the procedure's schema checks it first). */
export function assertStreamSize(symbols: readonly string[]): void {
  if (symbols.length === 0) throw domainError('BAD_REQUEST', 'A price stream needs at least one symbol');
  if (symbols.length > MAX_STREAM_SYMBOLS)
    throw domainError('BAD_REQUEST', `At most ${MAX_STREAM_SYMBOLS} symbols per price stream (${symbols.length} asked)`);
}

/** Open price streams per user, in the one PriceHub that sees them all. */
export class StreamQuota {
  private readonly open = new Map<string, number>();

  constructor(private readonly max = MAX_PRICE_STREAMS_PER_USER) {}

  count(userId: string): number {
    return this.open.get(userId) ?? 0;
  }

  /** Takes one of the user's streams, or refuses with TOO_MANY_REQUESTS; pair with release(). */
  take(userId: string): void {
    const n = this.count(userId);
    if (n >= this.max)
      throw domainError(
        'TOO_MANY_REQUESTS',
        `At most ${this.max} open price streams per user: close a terminal tab to open another`,
        { limit: this.max },
      );
    this.open.set(userId, n + 1);
  }

  release(userId: string): void {
    const n = this.count(userId) - 1;
    if (n > 0) this.open.set(userId, n);
    else this.open.delete(userId);
  }
}
