import { acknowledgeBreach, listBreaches } from '../../domains/risk/breaches';
import { riskExposure } from '../../domains/risk/exposure';
import { firmHistory } from '../../domains/risk/history';
import { allTradersLatest } from '../../domains/risk/latest';
import { limitsView, setLimit } from '../../domains/risk/limit-store';
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
    // What was asked is noted first (a refused change is recorded too); the label and the old value once read.
    const note = Object.assign(context.auditNote!, {
      target: {
        type: input.traderId ? 'trader' : 'firm',
        id: input.traderId ?? 'firm',
        label: input.traderId ? null : 'the whole firm',
      },
      traderId: input.traderId,
      after: { [input.kind]: input.value },
    });
    const { old, traderEmail, view } = await setLimit(context.db, context.session.sub, input);
    Object.assign(note, { before: { [input.kind]: old } });
    if (input.traderId) note.target.label = traderEmail;
    return view;
  }),
  listRiskBreaches: riskTeam.listRiskBreaches.handler(({ context, input }) => listBreaches(context.db, input)),
  acknowledgeRiskBreach: riskTeam.acknowledgeRiskBreach.handler(({ context, input }) =>
    acknowledgeBreach(context.db, input.id, context.session.sub, input.note),
  ),
};
