import { describe, expect, it } from 'vitest';
import { isGroupChat, planSends, retryDelay, type PendingSend, type SentRecord } from './scheduler';

const NOW = 1_750_000_000_000;
const msg = (id: number, chatId: number | string, nextAttemptAt = NOW - 1): PendingSend => ({ id, chatId, nextAttemptAt });
const ids = (plan: { send: PendingSend[] }) => plan.send.map((m) => m.id);

describe('planSends', () => {
  it('sends one per chat per second, FIFO per chat, oldest first', () => {
    const pending = [msg(1, 10), msg(2, 10), msg(3, 20), msg(4, 10)];
    const plan = planSends(pending, [], NOW);
    expect(ids(plan)).toEqual([1, 3]);
    expect(plan.nextAt).toBe(NOW + 1000);
  });

  it('respects sends in the last second from the history', () => {
    const history: SentRecord[] = [{ chatId: 10, sentAt: NOW - 400 }];
    const plan = planSends([msg(1, 10), msg(2, 20)], history, NOW);
    expect(ids(plan)).toEqual([2]);
    expect(plan.nextAt).toBe(NOW + 600);
    // exactly one second later the chat is free again
    expect(ids(planSends([msg(1, 10)], history, NOW + 600))).toEqual([1]);
  });

  it('keeps chat order when the head is waiting for its retry', () => {
    const plan = planSends([msg(1, 10, NOW + 5_000), msg(2, 10), msg(3, 20)], [], NOW);
    expect(ids(plan)).toEqual([3]);
    // chat 10 waits for its head's retry at +5 s; message 2 never jumps ahead of it
    expect(plan.nextAt).toBe(NOW + 5_000);
    expect(ids(planSends([msg(1, 10, NOW + 5_000), msg(2, 10)], [], NOW + 5_000))).toEqual([1]);
  });

  it('caps all chats at 30 per second', () => {
    const pending = Array.from({ length: 40 }, (_, i) => msg(i, 1000 + i));
    const plan = planSends(pending, [], NOW);
    expect(ids(plan)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(plan.nextAt).toBe(NOW + 1000);

    const history = Array.from({ length: 25 }, (_, i) => ({ chatId: 5000 + i, sentAt: NOW - 900 + i * 10 }));
    const partial = planSends(pending, history, NOW);
    expect(partial.send).toHaveLength(5);
    // the oldest send in the window leaves it first
    expect(partial.nextAt).toBe(NOW - 900 + 1000);
  });

  it('caps a group chat (negative id) at 20 per minute, private chats not', () => {
    const history = Array.from({ length: 20 }, (_, i) => ({ chatId: -100, sentAt: NOW - 59_000 + i * 2_000 }));
    const group = planSends([msg(1, -100)], history, NOW);
    expect(group.send).toEqual([]);
    expect(group.nextAt).toBe(NOW - 59_000 + 60_000);
    const privateHistory = history.map((h) => ({ ...h, chatId: 100 }));
    expect(ids(planSends([msg(1, 100)], privateHistory, NOW))).toEqual([1]);
    expect(isGroupChat('@channel')).toBe(true);
    expect(isGroupChat('-100123')).toBe(true);
    expect(isGroupChat(42)).toBe(false);
  });

  it('simulated over time: a burst into one group spreads at ≤1/s and ≤20/min', () => {
    let pending = Array.from({ length: 30 }, (_, i) => msg(i, -42));
    const history: SentRecord[] = [];
    let now = NOW;
    while (pending.length) {
      const plan = planSends(pending, history, now);
      for (const m of plan.send) history.push({ chatId: m.chatId, sentAt: now });
      pending = pending.filter((m) => !plan.send.includes(m));
      if (plan.nextAt === null) break;
      expect(plan.nextAt).toBeGreaterThan(now);
      now = plan.nextAt;
    }
    const times = history.map((h) => h.sentAt);
    expect(times).toHaveLength(30);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    for (const t of times) expect(times.filter((s) => s > t - 60_000 && s <= t).length).toBeLessThanOrEqual(20);
    expect(times[20]! - times[0]!).toBe(60_000);
  });

  it('returns nextAt null when nothing is left', () => {
    expect(planSends([], [], NOW)).toEqual({ send: [], nextAt: null });
    expect(planSends([msg(1, 1)], [], NOW).nextAt).toBeNull();
  });
});

describe('retryDelay', () => {
  const noJitter = { random: () => 0 };
  it('doubles from 1 s and caps at 5 min', () => {
    expect([1, 2, 3, 4, 9, 10, 50].map((a) => retryDelay(a, undefined, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 256_000, 300_000, 300_000,
    ]);
  });
  it('retry_after wins, uncapped', () => {
    expect(retryDelay(1, 17, noJitter)).toBe(17_000);
    expect(retryDelay(7, 600, noJitter)).toBe(600_000);
    expect(retryDelay(3, 0)).toBe(0);
  });
  it('adds up to 25% jitter, still within the cap', () => {
    expect(retryDelay(2, undefined, { random: () => 0.5 })).toBe(2250);
    expect(retryDelay(20, undefined, { random: () => 0.99 })).toBe(300_000);
  });
});
