import type { RiskEvent } from '../contract/risk';
import { FanoutHub } from './fanout-hub';

/**
 * One for the firm: pushes breach episodes and evaluation ticks to every open risk view. A tick
 * carries the changed traders' rows (up to ~200 KB for docs/PRODUCT-RULES.md §8's desk), so the hub keeps
 * about two hours of events for resuming clients, not the default thousand; a client gone longer
 * gets a reset and refetches.
 */
export class RiskHub extends FanoutHub<RiskEvent> {
  protected override replayLimit() {
    return 200;
  }
}
