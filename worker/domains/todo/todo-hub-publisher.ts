import type { TodoEvent } from '../../contract/todo';
import type { Bindings } from '../../env';
import type { TodoPublisher } from './todo-write';

export const todoHubPublisher =
  (env: Bindings): TodoPublisher =>
  (event: TodoEvent) =>
    env.TODO_HUB.getByName('global').publish(event);
