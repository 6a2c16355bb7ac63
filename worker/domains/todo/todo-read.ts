import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { TodoPriority } from '../../contract/enums';
import type { TodoItem } from '../../contract/todo';
import { batchReads } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { todoItems, type TodoRow } from '../../db/schema/todo';
import { users } from '../../db/schema/users';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

// The two names get their own column names: D1's batch answers rows as objects keyed by column
// name, where two `name` columns would collapse into one.
const withNames = (db: Db) =>
  db
    .select({
      item: todoItems,
      assigneeName: sql<string | null>`${assignee.name}`.as('assignee_name'),
      createdByName: sql<string | null>`${creator.name}`.as('created_by_name'),
    })
    .from(todoItems)
    .leftJoin(assignee, eq(assignee.id, todoItems.assigneeId))
    .leftJoin(creator, eq(creator.id, todoItems.createdBy));

function toDto(row: { item: TodoRow; assigneeName: string | null; createdByName: string | null }): TodoItem {
  const { createdBy, ...item } = row.item;
  return { ...item, createdById: createdBy, assigneeName: row.assigneeName, createdByName: row.createdByName };
}

export interface TodoFilter {
  assigneeId?: string;
  status?: 'all' | 'open' | 'done';
  priority?: TodoPriority;
}

export async function listTodoItems(db: Db, filter: TodoFilter = {}): Promise<TodoItem[]> {
  const where: SQL[] = [];
  if (filter.assigneeId) where.push(eq(todoItems.assigneeId, filter.assigneeId));
  if (filter.status === 'open') where.push(eq(todoItems.done, false));
  if (filter.status === 'done') where.push(eq(todoItems.done, true));
  if (filter.priority) where.push(eq(todoItems.priority, filter.priority));
  // A batch of one: the caller's fresh check rides in it (check-rider.ts), one D1 call for both.
  const [rows] = await batchReads(db, [
    withNames(db)
      .where(and(...where))
      .orderBy(desc(todoItems.createdAt), asc(todoItems.id)),
  ]);
  return rows.map(toDto);
}

/** One item with its names, as a query (so a write can batch it beside itself: one round). */
export const todoItemQuery = (db: Db, id: string) => withNames(db).where(eq(todoItems.id, id));

/** What todoItemQuery's rows say: the item, or undefined when it is gone. */
export const firstTodoItem = (rows: Awaited<ReturnType<typeof todoItemQuery>>): TodoItem | undefined => rows[0] && toDto(rows[0]);

export async function findTodoItem(db: Db, id: string): Promise<TodoItem | undefined> {
  return firstTodoItem(await todoItemQuery(db, id));
}

/** Approved, enabled users, by name: who an item can be assigned to (a batch of one, as listTodoItems). */
export async function listTodoAssignees(db: Db) {
  const [rows] = await batchReads(db, [
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.approved, true), eq(users.disabled, false)))
      .orderBy(asc(users.name), asc(users.email)),
  ]);
  return rows;
}
