import type { OrderEvent } from '../contract/orders';
import { FanoutHub } from './fanout-hub';

/**
 * One per trader: every step of each of their orders (recorded, sent, filled, refused, rejected,
 * unknown, canceled) to every open view of them — the trader's terminal and dashboard, the risk team.
 */
export class OrdersHub extends FanoutHub<OrderEvent> {}
