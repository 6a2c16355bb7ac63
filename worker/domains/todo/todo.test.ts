import { beforeAll, describe, expect, it } from 'vitest';
import { TODO_NOTES_MAX, TODO_TITLE_MAX } from '../../contract/patterns';
import type { TodoEvent, TodoItem } from '../../contract/todo';
import type { UserRow } from '../../db/schema/users';
import { insertUser, rpcClient, signedInJar } from '../../test/harness';

let root: UserRow;
let ops: UserRow;
let trader: UserRow;

beforeAll(async () => {
  root = await insertUser({ role: 'superadmin', name: 'Root' });
  ops = await insertUser({ role: 'admin', name: 'Ops' });
  trader = await insertUser({ name: 'Taylor' });
});

const as = async (u: UserRow) => rpcClient(await signedInJar(u));
type Rejection = { status: number; code: string; message: string; data: unknown };

describe('todo items', () => {
  it('creates, lists with names, edits, completes and deletes', async () => {
    const admin = await as(ops);
    const created = await admin.createTodoItem({
      title: '  Rotate exchange keys  ',
      notes: 'Binance first.\nThen the simulated one.',
      assigneeId: trader.id,
      dueDate: '2026-12-01',
      priority: 'urgent',
    });
    expect(created).toMatchObject({
      title: 'Rotate exchange keys',
      notes: 'Binance first.\nThen the simulated one.',
      assigneeId: trader.id,
      assigneeName: 'Taylor',
      createdById: ops.id,
      createdByName: 'Ops',
      dueDate: '2026-12-01',
      priority: 'urgent',
      done: false,
      doneAt: null,
      version: 1,
    });
    expect(await admin.createTodoItem({ title: 'Defaults' })).toMatchObject({
      notes: '',
      assigneeId: null,
      dueDate: null,
      priority: 'normal',
    });

    const edited = await admin.updateTodoItem({ id: created.id, version: 1, title: 'Rotate all keys', dueDate: null });
    expect(edited).toMatchObject({ title: 'Rotate all keys', dueDate: null, priority: 'urgent', version: 2 });
    const done = await admin.updateTodoItem({ id: created.id, version: 2, done: true });
    expect(done).toMatchObject({ done: true, version: 3 });
    expect(done.doneAt).toBeGreaterThan(0);
    expect(await admin.updateTodoItem({ id: created.id, version: 3, done: false })).toMatchObject({ done: false, doneAt: null });

    expect((await admin.listTodoItems()).map((i) => i.title).sort()).toEqual(['Defaults', 'Rotate all keys']);
    expect(await admin.deleteTodoItem({ id: created.id, version: 4 })).toEqual({ id: created.id });
    expect((await admin.listTodoItems()).map((i) => i.title)).toEqual(['Defaults']);
    await expect(admin.deleteTodoItem({ id: created.id })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('filters by assignee, status and priority', async () => {
    const admin = await as(root);
    const a = await admin.createTodoItem({ title: 'Filter A', assigneeId: ops.id, priority: 'high' });
    const b = await admin.createTodoItem({ title: 'Filter B', assigneeId: ops.id, priority: 'low' });
    await admin.updateTodoItem({ id: b.id, version: 1, done: true });
    const titles = async (input: Parameters<typeof admin.listTodoItems>[0]) =>
      (await admin.listTodoItems(input))
        .filter((i) => i.title.startsWith('Filter'))
        .map((i) => i.title)
        .sort();
    expect(await titles({ assigneeId: ops.id })).toEqual(['Filter A', 'Filter B']);
    expect(await titles({ assigneeId: ops.id, status: 'open' })).toEqual(['Filter A']);
    expect(await titles({ status: 'done' })).toEqual(['Filter B']);
    expect(await titles({ priority: 'high' })).toEqual(['Filter A']);
    expect(a.assigneeName).toBe('Ops');
  });

  it('refuses an edit based on an old version with 409 CONFLICT carrying the current item', async () => {
    const [mine, theirs] = [await as(ops), await as(root)];
    const item = await mine.createTodoItem({ title: 'Shared item', priority: 'normal' });
    const theirEdit = await theirs.updateTodoItem({ id: item.id, version: item.version, title: 'Their title' });
    const error = (await mine
      .updateTodoItem({ id: item.id, version: item.version, title: 'My title' })
      .catch((e) => e)) as Rejection;
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((error.data as { current: TodoItem }).current).toEqual(theirEdit);
    // Deleting a copy that changed since is refused the same way, and nothing was lost.
    await expect(mine.deleteTodoItem({ id: item.id, version: item.version })).rejects.toMatchObject({ status: 409 });
    expect((await mine.listTodoItems()).find((i) => i.id === item.id)).toMatchObject({ title: 'Their title', version: 2 });
    await expect(mine.updateTodoItem({ id: 'missing', version: 1, done: true })).rejects.toMatchObject({ status: 404 });
  });

  it('validates input with clear errors: limits, dates, assignees', async () => {
    const admin = await as(ops);
    const bad = async (input: unknown) => (await admin.createTodoItem(input as never).catch((e) => e)) as Rejection;
    expect(await bad({ title: 'x'.repeat(TODO_TITLE_MAX + 1) })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      data: { issues: [expect.objectContaining({ message: `Title is at most ${TODO_TITLE_MAX} characters` })] },
    });
    expect(await bad({ title: '   ' })).toMatchObject({ status: 400 });
    expect(await bad({ title: 'Notes', notes: 'n'.repeat(TODO_NOTES_MAX + 1) })).toMatchObject({ status: 400 });
    expect(await bad({ title: 'Date', dueDate: '2026-13-40' })).toMatchObject({ status: 400 });
    expect(await bad({ title: 'Prio', priority: 'asap' })).toMatchObject({ status: 400 });
    const pending = await insertUser({ approved: false });
    expect(await bad({ title: 'Assignee', assigneeId: pending.id })).toMatchObject({
      status: 400,
      message: 'The assignee must be an approved, enabled user',
    });
    expect(await admin.createTodoItem({ title: 'x'.repeat(TODO_TITLE_MAX), notes: 'n'.repeat(TODO_NOTES_MAX) })).toMatchObject({
      version: 1,
    });
    const assignees = await admin.listTodoAssignees();
    expect(assignees.map((a) => a.id)).toEqual(expect.arrayContaining([root.id, ops.id, trader.id]));
    expect(assignees.map((a) => a.id)).not.toContain(pending.id);
  });

  it('keeps non-admins out (403) and the signed-out (401)', async () => {
    await expect((await as(trader)).listTodoItems()).rejects.toMatchObject({ status: 403 });
    await expect((await as(trader)).createTodoItem({ title: 'Nope' })).rejects.toMatchObject({ status: 403 });
    await expect(rpcClient().listTodoItems()).rejects.toMatchObject({ status: 401 });
  });
});

describe('streamTodo', () => {
  it("delivers every admin's writes to every open list, live", async () => {
    const [watcher, writer] = [await as(root), await as(ops)];
    const stream = await watcher.streamTodo();
    const received: TodoEvent[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        received.push(event);
        if (event.kind === 'delete') return;
      }
    })();
    // The subscription is open once the hub has a subscriber: a write before that could be missed.
    await new Promise((r) => setTimeout(r, 100));
    const item = await writer.createTodoItem({ title: 'Live item' });
    const edited = await writer.updateTodoItem({ id: item.id, version: 1, done: true });
    await writer.deleteTodoItem({ id: item.id, version: edited.version });
    await reading;
    expect(received).toEqual([
      { kind: 'upsert', item },
      { kind: 'upsert', item: edited },
      { kind: 'delete', id: item.id },
    ]);
  });

  it('refuses non-admins before any byte of the stream', async () => {
    await expect((await as(trader)).streamTodo()).rejects.toMatchObject({ status: 403 });
    await expect(rpcClient().streamTodo()).rejects.toMatchObject({ status: 401 });
  });
});
