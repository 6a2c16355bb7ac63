import { replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import { resolveRange, type DateRange } from '~/shared/date-range/date-range';
import { ensureQueries } from '~/lib/ensure-queries';
import { orpc, type rpc } from '~/lib/rpc';
import { isPatched } from './patched-desks';

/** Types of the risk procedures, as the web receives them. */
export type LatestMetrics = Awaited<ReturnType<typeof rpc.getAllTradersLatestMetrics>>;
export type TraderRow = LatestMetrics['traders'][number];
export type TraderStatsResult = Awaited<ReturnType<typeof rpc.fetchAllTraderStats>>;
export type TraderStats = TraderStatsResult['traders'][number];
export type RiskTrader = Awaited<ReturnType<typeof rpc.getRiskTrader>>;
export type RiskExposure = Awaited<ReturnType<typeof rpc.getRiskExposure>>;
export type LimitsView = Awaited<ReturnType<typeof rpc.getRiskLimits>>;
export type Breach = Awaited<ReturnType<typeof rpc.listRiskBreaches>>[number];
export type RiskEvent = Awaited<ReturnType<typeof rpc.streamRisk>> extends AsyncIterable<infer E> ? E : never;
export type LimitKind = Breach['kind'];
export type DeskPatch = NonNullable<RiskEvent['desk']>;

export const latestMetricsQuery = orpc.getAllTradersLatestMetrics.queryOptions({
  input: {},
  // A live tick's patch already keeps the unchanged rows' objects; a refetch is shared deeply.
  structuralSharing: (cached: unknown, next: unknown) => (isPatched(next) ? next : replaceEqualDeep(cached, next)),
});
export const limitsQuery = orpc.getRiskLimits.queryOptions();
export const breachesQuery = orpc.listRiskBreaches.queryOptions({ input: { status: 'all', limit: 500 } });

/**
 * The stats over the shared date range. The default preset (30 days) asks for the server's default
 * range, the last 30 UTC days, which the minute cron computes and stores for every viewer; the
 * stats are by UTC day anyway (the daily rollup), so a local-midnight range would only miss that
 * stored answer. Other ranges are computed per call.
 */
export function traderStatsQuery(range: DateRange) {
  return orpc.fetchAllTraderStats.queryOptions({ input: range.preset === '30d' ? {} : resolveRange(range) });
}
export function riskTraderQuery(traderId: string, range: { from: number; to: number }) {
  return orpc.getRiskTrader.queryOptions({ input: { traderId, ...range } });
}
export function exposureQuery(altBeta: number) {
  return orpc.getRiskExposure.queryOptions({ input: { altBeta } });
}
export function firmHistoryQuery(range: { from: number; to: number }, traderIds: string[]) {
  return orpc.getFirmHistory.queryOptions({ input: { ...range, traderIds } });
}

export const ensureOverview = (qc: QueryClient) => ensureQueries(qc, latestMetricsQuery);
export const ensureAlerts = (qc: QueryClient) => ensureQueries(qc, breachesQuery, limitsQuery, latestMetricsQuery);
