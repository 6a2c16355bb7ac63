import { orpc } from '~/lib/rpc';

/** The caller's push devices and choices, and the key a device subscribes with. */
export const pushSettingsQuery = orpc.getPushSettings.queryOptions();
export const pushSettingsKey = orpc.getPushSettings.key();
