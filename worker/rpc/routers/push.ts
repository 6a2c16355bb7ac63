import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/news';
import { listPushDevices, removePushDevice, savePushDevice } from '../../domains/push/push-devices';
import { availablePushKinds, getPushPreferences, savePushPreferences } from '../../domains/push/push-preferences';
import { queueTestPush } from '../../domains/push/queue-pushes';
import { findUserById } from '../../domains/users/find-user';
import { domainError } from '../../lib/domain-error';
import { isKnownPushService, sendDuePushes, vapidPublicKey } from '../../wiring/web-push';
import { approved } from '../procedures';

export const pushRouter = {
  getPushSettings: approved.getPushSettings.handler(async ({ context }) => {
    const userId = context.session.sub;
    const [devices, preferences, user] = await Promise.all([
      listPushDevices(context.db, userId),
      getPushPreferences(context.db, userId),
      findUserById(context.db, userId),
    ]);
    return {
      publicKey: vapidPublicKey(context.env),
      devices,
      preferences,
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
    const devices = await listPushDevices(context.db, context.session.sub);
    if (!devices.some((d) => d.id === input.id)) throw domainError('NOT_FOUND', 'No such device');
    const dedupKey = await queueTestPush(context.db, input.id);
    const result = await sendDuePushes(context.env, context.db, { target: input.id, budgetMs: 15_000 });
    if ('off' in result) throw domainError('SERVICE_UNAVAILABLE', 'Push notifications are off: the VAPID_KEYS secret is not set');
    const row = await context.db.query.outbox.findFirst({ where: eq(outbox.dedupKey, dedupKey) });
    if (result.removedDevices.includes(input.id))
      return { outcome: 'removed' as const, error: 'The push service no longer knows this device: it was removed' };
    if (row?.status === 'sent') return { outcome: 'delivered' as const, error: null };
    return { outcome: row?.status === 'failed' ? ('failed' as const) : ('retrying' as const), error: row?.lastError ?? null };
  }),
  savePushPreferences: approved.savePushPreferences.handler(({ context, input }) =>
    savePushPreferences(context.db, context.session.sub, input),
  ),
};
