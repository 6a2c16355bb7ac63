import { orpc } from '~/lib/rpc';

/** The alerts page's lists (also loaded by its route loader). */
export const EVENTS_LIMIT = 200;
export const alertRulesQuery = orpc.listAlertRules.queryOptions();
export const alertEventsQuery = orpc.listAlertEvents.queryOptions({ input: { limit: EVENTS_LIMIT, unacknowledgedOnly: false } });
export const unackedAlertsQuery = orpc.listAlertEvents.queryOptions({ input: { limit: EVENTS_LIMIT, unacknowledgedOnly: true } });
