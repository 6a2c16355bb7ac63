import { and, eq } from 'drizzle-orm';
import type { CreateTodoInput, TodoEvent, TodoItem, UpdateTodoInput } from '../../contract/todo';
import type { Db } from '../../db/client';
import { todoItems } from '../../db/schema/todo';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { logError } from '../../lib/log';
import { findTodoItem, firstTodoItem, todoItemQuery } from './todo-read';

/** Tells every open list (the TodoHub); a failure there never undoes a committed write. */
export type TodoPublisher = (event: TodoEvent) => Promise<unknown>;

async function announce(publish: TodoPublisher, event: TodoEvent) {
  try {
    await publish(event);
  } catch (err) {
    logError('todo hub publish failed', err);
  }
}

async function assertAssignable(db: Db, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const user = await db.query.users.findFirst({ where: eq(users.id, assigneeId) });
  if (!user || !user.approved || user.disabled)
    throw domainError('BAD_REQUEST', 'The assignee must be an approved, enabled user');
}

function found(item: TodoItem | undefined): TodoItem {
  if (!item) throw domainError('NOT_FOUND', 'Todo item not found');
  return item;
}

const mustFind = async (db: Db, id: string) => found(await findTodoItem(db, id));

/** 409 with the item as it is now, so whoever edited an old copy sees what changed. */
const conflict = (current: TodoItem) =>
  domainError('CONFLICT', 'Someone else changed this item; review the current version and try again', { current });

export async function createTodoItem(db: Db, actorId: string, input: CreateTodoInput, publish: TodoPublisher) {
  await assertAssignable(db, input.assigneeId);
  const now = Date.now();
  const id = crypto.randomUUID();
  // The insert and the read of the item with its names in one batch: one round, one transaction.
  const [, rows] = await db.batch([
    db.insert(todoItems).values({
      id,
      title: input.title.trim(),
      notes: input.notes ?? '',
      assigneeId: input.assigneeId ?? null,
      dueDate: input.dueDate ?? null,
      priority: input.priority ?? 'normal',
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }),
    todoItemQuery(db, id),
  ]);
  const item = found(firstTodoItem(rows));
  await announce(publish, { kind: 'upsert', item });
  return item;
}

/** Applies the changes only if the item is still at `version`; otherwise 409 CONFLICT with the current item. */
export async function updateTodoItem(db: Db, input: UpdateTodoInput, publish: TodoPublisher) {
  const { id, version, done, ...fields } = input;
  await assertAssignable(db, fields.assigneeId);
  const now = Date.now();
  const set: Partial<typeof todoItems.$inferInsert> = { ...fields, updatedAt: now, version: version + 1 };
  if (done !== undefined) {
    set.done = done;
    set.doneAt = done ? now : null;
  }
  // The guarded update and the item as it stands after it, in one batch (one round).
  const [updated, rows] = await db.batch([
    db
      .update(todoItems)
      .set(set)
      .where(and(eq(todoItems.id, id), eq(todoItems.version, version)))
      .returning({ id: todoItems.id }),
    todoItemQuery(db, id),
  ]);
  const current = found(firstTodoItem(rows));
  if (updated.length === 0) throw conflict(current);
  await announce(publish, { kind: 'upsert', item: current });
  return current;
}

export async function deleteTodoItem(db: Db, input: { id: string; version?: number }, publish: TodoPublisher) {
  const { id, version } = input;
  const match = version === undefined ? eq(todoItems.id, id) : and(eq(todoItems.id, id), eq(todoItems.version, version));
  const deleted = await db.delete(todoItems).where(match).returning({ id: todoItems.id });
  if (deleted.length === 0) throw conflict(await mustFind(db, id));
  await announce(publish, { kind: 'delete', id });
  return { id };
}
