import type { QueryClient } from '@tanstack/react-query';
import { ensureQueries } from '~/lib/ensure-queries';
import { orpc, type rpc } from '~/lib/rpc';

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

export const latestMetricsQuery = orpc.getAllTradersLatestMetrics.queryOptions({ input: {} });
export const limitsQuery = orpc.getRiskLimits.queryOptions();
export const breachesQuery = orpc.listRiskBreaches.queryOptions({ input: { status: 'all', limit: 500 } });

export function traderStatsQuery(range: { from: number; to: number }) {
  return orpc.fetchAllTraderStats.queryOptions({ input: range });
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
