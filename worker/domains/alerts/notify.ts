import type { Bindings } from '../../env';
import type { FiredAlert } from './run-alerts';

/** In-app channel: hand each fired alert to its owner's hub, which pushes it to their open tabs. */
export async function notifyFiredAlerts(env: Bindings, fired: FiredAlert[]) {
  await Promise.allSettled(
    fired
      .filter((f) => f.channels.includes('toast'))
      .map(({ userId, channels: _channels, ...notice }) => env.USER_ALERTS.getByName(userId).publish(notice)),
  );
}
