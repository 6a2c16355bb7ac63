import type { RiskEvent } from '../contract/risk';
import { FanoutHub } from './fanout-hub';

/** One for the firm: pushes breach episodes and evaluation ticks to every open risk view. */
export class RiskHub extends FanoutHub<RiskEvent> {}
