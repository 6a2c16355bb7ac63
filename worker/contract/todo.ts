import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { INPUT_ERRORS } from './errors';
import { TODO_PRIORITIES } from './enums';
import { TODO_NOTES_MAX, TODO_TITLE_MAX } from './patterns';

export const todoPrioritySchema = z.enum(TODO_PRIORITIES);

export const todoItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** Calendar day, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  priority: todoPrioritySchema,
  done: z.boolean(),
  doneAt: epochMsOrNull,
  createdById: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  /** Grows by one per write; an update or delete names the version it was based on. */
  version: z.number().int(),
});
export type TodoItem = z.infer<typeof todoItemSchema>;

/** What every open list hears after a write. */
export const todoEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upsert'), item: todoItemSchema }),
  z.object({ kind: z.literal('delete'), id: z.string() }),
]);
export type TodoEvent = z.infer<typeof todoEventSchema>;

/** The data of a 409 CONFLICT: the item as it is now, so the editor can show it. */
export const todoConflictDataSchema = z.object({ current: todoItemSchema });

const todoId = z.string().min(1).max(64);
const todoFields = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TODO_TITLE_MAX, `Title is at most ${TODO_TITLE_MAX} characters`),
  notes: z.string().max(TODO_NOTES_MAX, `Notes are at most ${TODO_NOTES_MAX.toLocaleString('en-US')} characters`),
  assigneeId: todoId.nullable(),
  dueDate: z.iso.date('Due date must be a day (YYYY-MM-DD)').nullable(),
  priority: todoPrioritySchema,
});

export const createTodoInput = todoFields.partial().required({ title: true });
export type CreateTodoInput = z.input<typeof createTodoInput>;

export const updateTodoInput = todoFields
  .extend({ done: z.boolean() })
  .partial()
  .extend({ id: todoId, version: z.number().int().min(1) });
export type UpdateTodoInput = z.input<typeof updateTodoInput>;

export const listTodoInput = z
  .object({
    assigneeId: todoId.optional(),
    status: z.enum(['all', 'open', 'done']).default('all'),
    priority: todoPrioritySchema.optional(),
  })
  .default({ status: 'all' });

export const todoAssigneeSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** Errors a write can answer besides the usual ones (listed in the OpenAPI document). */
const TODO_WRITE_ERRORS = {
  ...INPUT_ERRORS,
  NOT_FOUND: { message: 'Todo item not found' },
  CONFLICT: { message: 'Someone else changed this item', data: todoConflictDataSchema },
};

export const todoContract = {
  listTodoItems: oc
    .route({ method: 'GET', summary: 'The admin todo list, newest first, optionally filtered (admin)' })
    .input(listTodoInput)
    .output(z.array(todoItemSchema)),
  listTodoAssignees: oc
    .route({ method: 'GET', summary: 'Who a todo item can be assigned to: approved, enabled users (admin)' })
    .output(z.array(todoAssigneeSchema)),
  createTodoItem: oc
    .route({ method: 'POST', summary: 'Add a todo item (admin)' })
    .errors(INPUT_ERRORS)
    .input(createTodoInput)
    .output(todoItemSchema),
  updateTodoItem: oc
    .route({
      method: 'POST',
      summary: 'Edit a todo item or mark it done (admin); 409 CONFLICT with data.current when `version` is stale',
    })
    .errors(TODO_WRITE_ERRORS)
    .input(updateTodoInput)
    .output(todoItemSchema),
  deleteTodoItem: oc
    .route({ method: 'POST', summary: 'Delete a todo item (admin); with `version`, 409 CONFLICT when it changed since' })
    .errors(TODO_WRITE_ERRORS)
    .input(z.object({ id: todoId, version: z.number().int().min(1).optional() }))
    .output(z.object({ id: z.string() })),
  streamTodo: oc
    .route({ method: 'GET', summary: 'Every change to the todo list as it happens (event stream, keep-alive 5 s, admin)' })
    .output(eventIterator(todoEventSchema)),
};
