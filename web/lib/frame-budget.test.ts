import { describe, expect, it } from 'vitest';
import { createFrameBudget } from './frame-budget';

function frames() {
  const pending: (() => void)[] = [];
  return {
    nextFrame: (run: () => void) => void pending.push(run),
    /** Runs one frame; false when none was asked for. */
    step: () => {
      const run = pending.shift();
      run?.();
      return Boolean(run);
    },
  };
}

describe('frame budget', () => {
  it('applies at most perFrame updates in a frame, in order, until all are done', () => {
    const f = frames();
    const budget = createFrameBudget(2, f.nextFrame);
    const applied: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) budget.request({ name }, () => applied.push(name));
    expect(applied).toEqual([]);
    expect(f.step()).toBe(true);
    expect(applied).toEqual(['a', 'b']);
    f.step();
    expect(applied).toEqual(['a', 'b', 'c', 'd']);
    f.step();
    expect(applied).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(f.step()).toBe(false);
  });

  it('keeps only the newest update of a key, and drops a cancelled one', () => {
    const f = frames();
    const budget = createFrameBudget(10, f.nextFrame);
    const row = {};
    const gone = {};
    const applied: string[] = [];
    budget.request(row, () => applied.push('old'));
    budget.request(gone, () => applied.push('gone'));
    budget.request(row, () => applied.push('new'));
    budget.cancel(gone);
    f.step();
    expect(applied).toEqual(['new']);
    expect(f.step()).toBe(false);
  });

  it('asks for one frame at a time, however many updates wait', () => {
    let asked = 0;
    const budget = createFrameBudget(1, () => void asked++);
    for (let i = 0; i < 50; i++) budget.request({}, () => {});
    expect(asked).toBe(1);
  });
});
