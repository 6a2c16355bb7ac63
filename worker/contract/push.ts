import { oc } from '@orpc/contract';
import { z } from 'zod';
import { INPUT_ERRORS } from './errors';
import { byRowIdInput, epochMs, epochMsOrNull, removeByIdProcedure } from './fields';
import { PUSH_KINDS } from './enums';

/** base64url, as PushSubscription.toJSON() gives the keys. */
const base64url = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, `${name} must be ${bytes} bytes`);

/** A browser's push subscription (PushSubscription.toJSON()): the push service's URL and the keys. */
export const subscribePushInput = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'The endpoint must be an https URL' }).max(1024),
  keys: z.object({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }),
});
export type SubscribePushInput = z.output<typeof subscribePushInput>;

/** One of the caller's devices (never its endpoint or keys). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** browser and system, from the user agent that subscribed */
  device: z.string(),
  createdAt: epochMs,
  lastDeliveryAt: epochMsOrNull,
  /** why the last delivery failed, until one succeeds */
  lastError: z.string().nullable(),
});
export type PushDevice = z.output<typeof pushDeviceSchema>;

const minuteOfDay = z.number().int().min(0).max(1439).nullable();

/** Which kinds to push, and quiet hours (minutes after local midnight) in the user's time zone. */
export const pushPreferencesSchema = z
  .object({
    kinds: z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length),
    quietFrom: minuteOfDay,
    quietTo: minuteOfDay,
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone'),
  })
  .refine((p) => (p.quietFrom === null) === (p.quietTo === null), {
    message: 'Set both ends of the quiet hours',
    path: ['quietTo'],
  })
  .refine((p) => p.quietFrom === null || p.quietFrom !== p.quietTo, {
    message: 'Quiet hours must not start and end at once',
    path: ['quietTo'],
  });
export type PushPreferences = z.output<typeof pushPreferencesSchema>;

export const pushSettingsSchema = z.object({
  /** The VAPID public key for PushManager.subscribe (base64url); null: push is off on this deployment. */
  publicKey: z.string().nullable(),
  devices: z.array(pushDeviceSchema),
  preferences: pushPreferencesSchema,
  /** The kinds this user can receive (risk breaches: the risk team only). */
  availableKinds: z.array(z.enum(PUSH_KINDS)),
});
export type PushSettings = z.output<typeof pushSettingsSchema>;

export const TEST_PUSH_OUTCOMES = ['delivered', 'retrying', 'failed', 'removed'] as const;

export const pushContract = {
  getPushSettings: oc
    .route({ method: 'GET', summary: 'Your push devices and choices, and the key to subscribe a device with' })
    .output(pushSettingsSchema),
  subscribePushDevice: oc
    .route({ method: 'POST', summary: "Keep this browser's push subscription as one of your devices" })
    .errors(INPUT_ERRORS)
    .input(subscribePushInput)
    .output(pushDeviceSchema),
  removePushDevice: removeByIdProcedure('Remove one of your push devices'),
  sendTestPush: oc
    .route({ method: 'POST', summary: 'Send a test notification to one of your devices now' })
    .input(byRowIdInput)
    .output(z.object({ outcome: z.enum(TEST_PUSH_OUTCOMES), error: z.string().nullable() })),
  savePushPreferences: oc
    .route({ method: 'POST', summary: 'Choose which notifications to push, and your quiet hours' })
    .errors(INPUT_ERRORS)
    .input(pushPreferencesSchema)
    .output(pushPreferencesSchema),
};
