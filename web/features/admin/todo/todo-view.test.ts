import { describe, expect, it } from 'vitest';
import { applyTodoEvent, isOverdue, localDay, viewTodos, DEFAULT_FILTERS, type TodoItem } from './todo-view';

const item = (over: Partial<TodoItem>): TodoItem => ({
  id: 'x',
  title: 'T',
  notes: '',
  assigneeId: null,
  assigneeName: null,
  dueDate: null,
  priority: 'normal',
  done: false,
  doneAt: null,
  createdById: null,
  createdByName: null,
  createdAt: 1,
  updatedAt: 1,
  version: 1,
  ...over,
});

describe('todo view', () => {
  const items = [
    item({ id: 'a', dueDate: '2026-12-03', priority: 'low', assigneeId: 'u1' }),
    item({ id: 'b', dueDate: '2026-12-01', priority: 'normal' }),
    item({ id: 'c', dueDate: null, priority: 'urgent', assigneeId: 'u1' }),
    item({ id: 'd', dueDate: '2026-11-01', priority: 'high', done: true }),
  ];

  it('sorts by due date (none last) or by priority (urgent first), filters by assignee, status, priority', () => {
    const ids = (f: Partial<typeof DEFAULT_FILTERS>) => viewTodos(items, { ...DEFAULT_FILTERS, ...f }).map((i) => i.id);
    expect(ids({ status: 'all' })).toEqual(['d', 'b', 'a', 'c']);
    expect(ids({ status: 'all', sort: 'priority' })).toEqual(['c', 'd', 'b', 'a']);
    expect(ids({})).toEqual(['b', 'a', 'c']);
    expect(ids({ status: 'done' })).toEqual(['d']);
    expect(ids({ assignee: 'u1' })).toEqual(['a', 'c']);
    expect(ids({ assignee: 'unassigned', status: 'all' })).toEqual(['d', 'b']);
    expect(ids({ priority: 'urgent' })).toEqual(['c']);
    expect(viewTodos(items, { ...DEFAULT_FILTERS, priority: 'urgent' }, 'a').map((i) => i.id)).toEqual(['a', 'c']);
  });

  it('marks open items due before today as overdue', () => {
    expect(localDay(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-24');
    expect(isOverdue({ done: false, dueDate: '2026-11-23' }, '2026-11-24')).toBe(true);
    expect(isOverdue({ done: false, dueDate: '2026-11-24' }, '2026-11-24')).toBe(false);
    expect(isOverdue({ done: true, dueDate: '2026-11-01' }, '2026-11-24')).toBe(false);
    expect(isOverdue({ done: false, dueDate: null }, '2026-11-24')).toBe(false);
  });

  it('applies live events; an older copy never replaces a newer one', () => {
    const list = [item({ id: 'a', version: 3, title: 'new' })];
    expect(applyTodoEvent(list, { kind: 'upsert', item: item({ id: 'a', version: 2, title: 'old' }) })).toBe(list);
    expect(applyTodoEvent(list, { kind: 'upsert', item: item({ id: 'a', version: 4, title: 'newer' }) })![0]!.title).toBe('newer');
    expect(applyTodoEvent(list, { kind: 'upsert', item: item({ id: 'b' }) })!.map((i) => i.id)).toEqual(['b', 'a']);
    expect(applyTodoEvent(list, { kind: 'delete', id: 'a' })).toEqual([]);
    expect(applyTodoEvent(undefined, { kind: 'delete', id: 'a' })).toBeUndefined();
  });
});
