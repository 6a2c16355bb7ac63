import { acknowledgeEvent, createRule, deleteRule, listEvents, listRules, updateRule } from '../../domains/alerts/rules';
import { approved } from '../procedures';

export const alertsRouter = {
  listAlertRules: approved.listAlertRules.handler(({ context }) => listRules(context.db, context.session.sub)),
  createAlertRule: approved.createAlertRule.handler(({ context, input }) => createRule(context.db, context.session, input)),
  updateAlertRule: approved.updateAlertRule.handler(({ context, input }) => updateRule(context.db, context.session.sub, input)),
  deleteAlertRule: approved.deleteAlertRule.handler(({ context, input }) =>
    deleteRule(context.db, context.session.sub, input.id),
  ),
  listAlertEvents: approved.listAlertEvents.handler(({ context, input }) =>
    listEvents(context.db, context.session.sub, input.limit, input.unacknowledgedOnly),
  ),
  acknowledgeAlertEvent: approved.acknowledgeAlertEvent.handler(({ context, input }) =>
    acknowledgeEvent(context.db, context.session.sub, input.id),
  ),
};
