import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import type { FiredAlert } from '../domains/alerts/run-alerts';
import { EventStreamFanout } from './event-stream-fanout';

export type AlertNotice = Omit<FiredAlert, 'userId' | 'channels'>;

/** One per user: pushes their fired alerts to every tab they have open. */
export class UserAlertHub extends DurableObject<Bindings> {
  private readonly fanout = new EventStreamFanout<AlertNotice>();

  async fetch(request: Request): Promise<Response> {
    return this.fanout.subscribe(request);
  }

  async publish(notice: AlertNotice): Promise<number> {
    await this.fanout.broadcast(notice);
    return this.fanout.size;
  }
}
