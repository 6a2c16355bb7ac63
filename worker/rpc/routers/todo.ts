import { listTodoAssignees, listTodoItems } from '../../domains/todo/todo-read';
import { todoHub } from '../../wiring/hubs';
import { createTodoItem, deleteTodoItem, updateTodoItem } from '../../domains/todo/todo-write';
import { admin } from '../procedures';

export const todoRouter = {
  listTodoItems: admin.listTodoItems.handler(({ context, input }) => listTodoItems(context.db, input)),
  listTodoAssignees: admin.listTodoAssignees.handler(({ context }) => listTodoAssignees(context.db)),
  createTodoItem: admin.createTodoItem.handler(({ context, input }) =>
    createTodoItem(context.db, context.actor.id, input, todoHub(context.env)),
  ),
  updateTodoItem: admin.updateTodoItem.handler(({ context, input }) => updateTodoItem(context.db, input, todoHub(context.env))),
  deleteTodoItem: admin.deleteTodoItem.handler(({ context, input }) => deleteTodoItem(context.db, input, todoHub(context.env))),
};
