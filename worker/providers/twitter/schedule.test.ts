import { describe, expect, it } from 'vitest';
import { planPoll, type PollingSession } from './schedule';

const DAY = Date.UTC(2025, 5, 10); // midnight UTC
const at = (hhmm: string, day = 0) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return DAY + day * 86_400_000 + (h * 60 + m) * 60_000;
};

const session = (over: Partial<PollingSession> = {}): PollingSession => ({
  intervalSeconds: 60,
  activeFromUtc: '08:00',
  activeToUtc: '20:00',
  enabled: true,
  lastPolledAt: null,
  ...over,
});

describe('planPoll', () => {
  it('polls a due session inside its window and schedules the next one interval later', () => {
    expect(planPoll(session(), at('09:00'))).toEqual({ poll: true, nextAt: at('09:01'), reason: 'due' });
    expect(planPoll(session({ lastPolledAt: at('08:59') }), at('09:00'))).toMatchObject({ poll: true });
  });

  it('waits for the interval', () => {
    expect(planPoll(session({ lastPolledAt: at('09:00') + 1 }), at('09:01'))).toEqual({
      poll: false,
      nextAt: at('09:01') + 1,
      reason: 'interval',
    });
    // with a little slack the cron tick does not skip a whole minute
    expect(planPoll(session({ lastPolledAt: at('09:00') + 1 }), at('09:01'), { slackMs: 2_000 }).poll).toBe(true);
  });

  it('never polls outside the window and names its next start', () => {
    expect(planPoll(session(), at('07:59'))).toEqual({ poll: false, nextAt: at('08:00'), reason: 'outside-window' });
    expect(planPoll(session(), at('20:00'))).toEqual({ poll: false, nextAt: at('08:00', 1), reason: 'outside-window' });
    // the next poll after the window's last minute moves to tomorrow's start
    expect(planPoll(session(), at('19:59'))).toEqual({ poll: true, nextAt: at('08:00', 1), reason: 'due' });
  });

  it('handles a window that wraps midnight', () => {
    const night = session({ activeFromUtc: '22:00', activeToUtc: '02:00', intervalSeconds: 300 });
    expect(planPoll(night, at('23:30')).poll).toBe(true);
    expect(planPoll(night, at('01:59')).poll).toBe(true);
    expect(planPoll(night, at('00:00')).poll).toBe(true);
    expect(planPoll(night, at('02:00'))).toEqual({ poll: false, nextAt: at('22:00'), reason: 'outside-window' });
    expect(planPoll(night, at('12:00'))).toEqual({ poll: false, nextAt: at('22:00'), reason: 'outside-window' });
    // 23:58 + 5 min crosses midnight and is still inside
    expect(planPoll(night, at('23:58')).nextAt).toBe(at('00:03', 1));
    // 01:58 + 5 min leaves the window: next is tonight's 22:00
    expect(planPoll(night, at('01:58')).nextAt).toBe(at('22:00'));
  });

  it('equal bounds mean all day; 24:00 closes at midnight', () => {
    expect(planPoll(session({ activeFromUtc: '00:00', activeToUtc: '00:00' }), at('03:00')).poll).toBe(true);
    expect(planPoll(session({ activeFromUtc: '18:00', activeToUtc: '24:00' }), at('23:59')).poll).toBe(true);
    expect(planPoll(session({ activeFromUtc: '18:00', activeToUtc: '24:00' }), at('00:00')).poll).toBe(false);
  });

  it('never polls before rateLimitedUntil, even if the interval has passed', () => {
    const limited = session({ lastPolledAt: at('09:00'), rateLimitedUntil: at('09:10') });
    expect(planPoll(limited, at('09:05'))).toEqual({ poll: false, nextAt: at('09:10'), reason: 'rate-limited' });
    expect(planPoll(limited, at('09:10')).poll).toBe(true);
    // a reset after the window closes waits for the next window
    const late = session({ rateLimitedUntil: at('20:05') });
    expect(planPoll(late, at('19:58'))).toEqual({ poll: false, nextAt: at('08:00', 1), reason: 'rate-limited' });
    // a reset landing mid-interval pushes the following poll
    const soon = session({ intervalSeconds: 30, rateLimitedUntil: at('09:00') + 10_000 });
    expect(planPoll(soon, at('09:00') + 10_000)).toMatchObject({ poll: true, nextAt: at('09:00') + 40_000 });
  });

  it('disabled sessions never poll; bad config is a clear error', () => {
    expect(planPoll(session({ enabled: false }), at('09:00'))).toEqual({ poll: false, nextAt: null, reason: 'disabled' });
    expect(() => planPoll(session({ activeFromUtc: '8am' }), at('09:00'))).toThrow(/HH:MM/);
    expect(() => planPoll(session({ activeToUtc: '25:00' }), at('09:00'))).toThrow(/HH:MM/);
    expect(() => planPoll(session({ intervalSeconds: 0 }), at('09:00'))).toThrow(/positive/);
  });
});
