/** Quiet hours: minutes after local midnight in the user's time zone; from > to spans midnight. */
export interface QuietHours {
  quietFrom: number | null;
  quietTo: number | null;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes after midnight at `at` in `timeZone` (an IANA name; UTC when the runtime does not know it). */
export function localMinutes(at: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether `at` falls in the quiet hours (from inclusive, to exclusive). */
export function inQuietHours(prefs: QuietHours, at: number): boolean {
  const { quietFrom: from, quietTo: to } = prefs;
  if (from === null || to === null || from === to) return false;
  const m = localMinutes(at, prefs.timeZone);
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** Whether the runtime knows the IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
