import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { NewsTrade } from '../../../contract/news-trades';
import type { Db } from '../../../db/client';
import { newsSources } from '../../../db/schema/news';
import { newsTrades } from '../../../db/schema/news-trades';
import { users } from '../../../db/schema/users';
import { domainError } from '../../../lib/domain-error';
import { isAdminRole, type Session } from '../../auth/access';
import { toNewsTrade } from './trade-figures';

/** Whose news trades the caller reads: their own; the risk team and admins everyone's, or one trader's. */
function readerScope(session: Session, traderId: string | undefined): string | null {
  const mayReadOthers = session.isRiskTeam || isAdminRole(session.role);
  if (mayReadOthers) return traderId ?? null;
  if (traderId !== undefined && traderId !== session.sub)
    throw domainError('FORBIDDEN', "Only the risk team reads another trader's news trades");
  return session.sub;
}

/**
 * Newest news trades first (news_trades_user_idx for one trader, news_trades_order_at_idx for
 * everyone), with the trader's and the source's names; for a risk reader, alongside, the traders to
 * filter by.
 */
export async function listNewsTrades(
  db: Db,
  session: Session,
  input: { traderId?: string; limit: number },
): Promise<{ trades: NewsTrade[]; traders: { id: string; name: string | null }[] | null }> {
  const trader = readerScope(session, input.traderId);
  const where: SQL | undefined = trader === null ? undefined : eq(newsTrades.userId, trader);
  const tradesQuery = db
    .select({ trade: newsTrades, traderName: users.name, sourceName: newsSources.name })
    .from(newsTrades)
    .leftJoin(users, eq(users.id, newsTrades.userId))
    .leftJoin(newsSources, eq(newsSources.id, newsTrades.headlineSource))
    .where(where)
    .orderBy(desc(newsTrades.orderAt))
    .limit(input.limit);
  const mayFilter = session.isRiskTeam || isAdminRole(session.role);
  if (!mayFilter) {
    const rows = await tradesQuery;
    return { trades: rows.map((r) => toNewsTrade(r.trade, r.traderName, r.sourceName)), traders: null };
  }
  // Side by side, not one batch: drizzle 0.45's batch leaves a left-joined row's nested columns unmapped.
  const [rows, traders] = await Promise.all([
    tradesQuery,
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.canUseTerminal, true), eq(users.approved, true)))
      .orderBy(asc(users.name)),
  ]);
  return { trades: rows.map((r) => toNewsTrade(r.trade, r.traderName, r.sourceName)), traders };
}
