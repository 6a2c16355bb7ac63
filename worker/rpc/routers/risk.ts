import { acknowledgeBreach, listBreaches } from '../../domains/risk/breaches';
import { riskExposure } from '../../domains/risk/exposure';
import { firmHistory } from '../../domains/risk/history';
import { allTradersLatest } from '../../domains/risk/latest';
import { limitsView, setLimit } from '../../domains/risk/limit-store';
import { limitValue } from '../../domains/risk/limit-value';
import { findUserById } from '../../domains/users/find-user';
import { allTraderStats } from '../../domains/risk/stats';
import { riskTraderDetail } from '../../domains/risk/trader-detail';
import { riskTeam } from '../procedures';

export const riskRouter = {
  getAllTradersLatestMetrics: riskTeam.getAllTradersLatestMetrics.handler(({ context }) => allTradersLatest(context.db)),
  fetchAllTraderStats: riskTeam.fetchAllTraderStats.handler(({ context, input }) => allTraderStats(context.db, input)),
  getRiskTrader: riskTeam.getRiskTrader.handler(({ context, input }) =>
    riskTraderDetail(context.db, input.traderId, input.from, input.to),
  ),
  getFirmHistory: riskTeam.getFirmHistory.handler(({ context, input }) =>
    firmHistory(context.db, input.from, input.to, input.traderIds),
  ),
  getRiskExposure: riskTeam.getRiskExposure.handler(({ context, input }) => riskExposure(context.db, input.altBeta)),
  getRiskLimits: riskTeam.getRiskLimits.handler(({ context }) => limitsView(context.db)),
  setRiskLimit: riskTeam.setRiskLimit.handler(async ({ context, input }) => {
    const before = await limitValue(context.db, input.traderId, input.kind);
    Object.assign(context.auditNote!, {
      target: {
        type: input.traderId ? 'trader' : 'firm',
        id: input.traderId ?? 'firm',
        label: input.traderId ? ((await findUserById(context.db, input.traderId))?.email ?? null) : 'the whole firm',
      },
      traderId: input.traderId,
      before: { [input.kind]: before },
      after: { [input.kind]: input.value },
    });
    await setLimit(context.db, context.session.sub, input);
    return limitsView(context.db);
  }),
  listRiskBreaches: riskTeam.listRiskBreaches.handler(({ context, input }) => listBreaches(context.db, input)),
  acknowledgeRiskBreach: riskTeam.acknowledgeRiskBreach.handler(({ context, input }) =>
    acknowledgeBreach(context.db, input.id, context.session.sub, input.note),
  ),
};
