import { eq } from 'drizzle-orm';
import { batchReads } from '../../db/batch-reads';
import { users } from '../../db/schema/users';
import { devicesFrom, pushDevicesQuery, removePushDevice, savePushDevice } from '../../domains/push/push-devices';
import {
  availablePushKinds,
  preferencesFrom,
  pushPreferencesQuery,
  savePushPreferences,
} from '../../domains/push/push-preferences';
import { domainError } from '../../lib/domain-error';
import { isKnownPushService, sendTestPush, vapidPublicKey } from '../../wiring/web-push';
import { approved } from '../procedures';

/** The answer for the test row's outcome (push-sender.ts RowOutcome). */
const TEST_OUTCOME = { sent: 'delivered', retrying: 'retrying', failed: 'failed', removed: 'removed' } as const;

export const pushRouter = {
  getPushSettings: approved.getPushSettings.handler(async ({ context }) => {
    const userId = context.session.sub;
    // One D1 call (batchReads): a checked caller's fresh check rides along (check-rider.ts).
    const [devices, preferences, [user]] = await batchReads(context.db, [
      pushDevicesQuery(context.db, userId),
      pushPreferencesQuery(context.db, userId),
      context.db.select({ isRiskTeam: users.isRiskTeam }).from(users).where(eq(users.id, userId)).limit(1),
    ]);
    return {
      publicKey: vapidPublicKey(context.env),
      devices: devicesFrom(devices),
      preferences: preferencesFrom(preferences),
      availableKinds: availablePushKinds({ isRiskTeam: user?.isRiskTeam ?? false }),
    };
  }),
  subscribePushDevice: approved.subscribePushDevice.handler(async ({ context, input }) => {
    if (vapidPublicKey(context.env) === null)
      throw domainError('SERVICE_UNAVAILABLE', 'Push notifications are off: the VAPID_KEYS secret is not set');
    if (!isKnownPushService(context.env, input.endpoint))
      throw domainError('BAD_REQUEST', 'The endpoint is not a push service this site sends to', {
        issues: [{ path: ['endpoint'], message: 'Not a known push service' }],
      });
    const device = await savePushDevice(context.db, context.session.sub, input, context.session.sid);
    context.auditNote!.target = { type: 'pushDevice', id: device.id };
    context.auditNote!.after = { device: device.device, service: new URL(input.endpoint).host };
    return device;
  }),
  removePushDevice: approved.removePushDevice.handler(async ({ context, input }) => {
    if (!(await removePushDevice(context.db, context.session.sub, input.id))) throw domainError('NOT_FOUND', 'No such device');
    context.auditNote!.target = { type: 'pushDevice', id: input.id };
    return { id: input.id };
  }),
  sendTestPush: approved.sendTestPush.handler(async ({ context, input }) => {
    const sent = await sendTestPush(context.env, context.db, context.session.sub, input.id);
    if (sent === 'off') throw domainError('SERVICE_UNAVAILABLE', 'Push notifications are off: the VAPID_KEYS secret is not set');
    if (!sent) throw domainError('NOT_FOUND', 'No such device');
    if (sent.status === 'removed')
      return { outcome: 'removed' as const, error: 'The push service no longer knows this device: it was removed' };
    return { outcome: TEST_OUTCOME[sent.status], error: sent.error };
  }),
  savePushPreferences: approved.savePushPreferences.handler(({ context, input }) =>
    savePushPreferences(context.db, context.session.sub, input),
  ),
};
