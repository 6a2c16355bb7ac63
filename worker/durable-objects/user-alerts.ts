import type { WatchHitEvent } from '../contract/watchlists';
import type { FiredAlert } from '../domains/alerts/evaluate';
import { FanoutHub } from './fanout-hub';

export type AlertNotice = Omit<FiredAlert, 'userId' | 'channels'>;

/** One per user: pushes their fired alerts and their watchlists' hits to every tab they have open. */
export class UserAlertHub extends FanoutHub<AlertNotice | WatchHitEvent> {}
