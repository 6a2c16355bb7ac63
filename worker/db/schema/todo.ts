import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { TODO_PRIORITIES } from '../../contract/enums';
import { users } from './users';
import { createdAt, flag, textId, updatedAt } from '../columns';

/** The admins' shared todo list; `version` grows by one per write (optimistic concurrency). */
export const todoItems = sqliteTable(
  'todo_items',
  {
    id: textId(),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Calendar day, YYYY-MM-DD. */
    dueDate: text('due_date'),
    priority: text('priority', { enum: TODO_PRIORITIES }).notNull().default('normal'),
    done: flag('done', false),
    doneAt: integer('done_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('todo_items_assignee_idx').on(t.assigneeId), index('todo_items_due_idx').on(t.dueDate)],
);

export type TodoRow = typeof todoItems.$inferSelect;
