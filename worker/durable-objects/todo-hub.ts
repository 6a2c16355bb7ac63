import type { TodoEvent } from '../contract/todo';
import { FanoutHub } from './fanout-hub';

/** The one todo hub: every open /admin/todo list subscribes here; each write publishes its change. */
export class TodoHub extends FanoutHub<TodoEvent> {}
