import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DayPerformance } from '@contract/performance';
import { Button } from '~/components/ui/button';
import { QueryError } from '~/components/ui/error-state';
import { cn } from '~/lib/cn';
import { formatUsd } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { Pnl } from '~/shared/figures';
import { addMonths, daysByStart, largestNet, monthGrid, monthOf, moveDay, shade } from './calendar-data';

/*
 * The daily PnL calendar: one UTC month, each day tinted by its net realized PnL (green up, red
 * down, stronger for larger days, with ▲/▼ so colour is never alone). A grid in the WAI-ARIA sense:
 * one day takes the focus (arrows, Home/End, PageUp/PageDown across months); the focused day's
 * trades, fees and funding show below and in each day's title. Reads its own month, so it pages
 * freely outside the page's date range.
 */

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthName = (month: number) =>
  new Date(month).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = (day: number) =>
  new Date(day).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What a day says in words (its title and accessible name). */
export function describeDay(day: number, d: DayPerformance | undefined) {
  if (!d) return `${dayName(day)}: no fills or funding`;
  return `${dayName(day)}: net ${formatUsd(d.net, { signed: true })}; ${d.trades} fill${d.trades === 1 ? '' : 's'}, realized ${formatUsd(
    d.realizedPnl,
    { signed: true },
  )}, fees ${formatUsd(d.fees)}, funding ${formatUsd(d.funding, { signed: true })}`;
}

function DayCell({
  day,
  data,
  maxAbs,
  focused,
  onPick,
}: {
  day: number;
  data: DayPerformance | undefined;
  maxAbs: number;
  focused: boolean;
  onPick: (day: number) => void;
}) {
  const net = data?.net ?? 0;
  const tint = shade(net, maxAbs);
  const label = describeDay(day, data);
  return (
    <td role="gridcell" aria-selected={focused} className="p-0.5">
      <button
        type="button"
        tabIndex={focused ? 0 : -1}
        data-day={day}
        data-net={data ? net.toFixed(2) : undefined}
        data-testid="perf-calendar-day"
        aria-label={label}
        title={label}
        onClick={() => onPick(day)}
        className={cn(
          'flex h-11 w-full flex-col items-center justify-center rounded-md border text-xs outline-none sm:h-14',
          'focus-visible:ring-2 focus-visible:ring-ring',
          focused ? 'border-primary' : 'border-border',
        )}
        style={
          tint > 0
            ? {
                backgroundColor: `color-mix(in oklab, var(--color-${net > 0 ? 'success' : 'destructive'}) ${tint}%, transparent)`,
              }
            : undefined
        }
      >
        <span className="tabular font-medium">{new Date(day).getUTCDate()}</span>
        {data && net !== 0 ? (
          <span aria-hidden="true" className="tabular text-[10px] leading-tight">
            {net > 0 ? '▲' : '▼'}
            <span className="hidden sm:inline"> {formatUsd(Math.abs(net), { compact: true })}</span>
          </span>
        ) : null}
      </button>
    </td>
  );
}

function DayDetail({ day, data }: { day: number; data: DayPerformance | undefined }) {
  const items: [string, ReactNode][] = data
    ? [
        ['Fills', <span className="tabular">{data.trades}</span>],
        ['Realized', <Pnl value={data.realizedPnl} />],
        ['Fees', <span className="tabular">{formatUsd(data.fees)}</span>],
        ['Funding', <Pnl value={data.funding} />],
        ['Net', <Pnl value={data.net} />],
      ]
    : [];
  return (
    <div className="mt-2 rounded-md border border-border px-3 py-2 text-sm" data-testid="perf-calendar-detail" aria-live="polite">
      <div className="font-medium">{dayName(day)}</div>
      {data ? (
        <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-5">
          {items.map(([k, v]) => (
            <div key={k} className="flex items-baseline justify-between gap-2 sm:block">
              <dt className="text-xs text-muted-foreground">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-xs text-muted-foreground">No fills or funding this day.</p>
      )}
    </div>
  );
}

export function PnlCalendar({ traderId, initialDay }: { traderId?: string; initialDay: number }) {
  const [focused, setFocused] = useState(() => Math.floor(initialDay / 86_400_000) * 86_400_000);
  const month = monthOf(focused);
  const input = { from: month, to: addMonths(month, 1), ...(traderId ? { traderId } : {}) };
  const perf = useQuery(orpc.getPerformance.queryOptions({ input }));
  const days = useMemo(() => daysByStart(perf.data?.days ?? []), [perf.data]);
  const maxAbs = useMemo(() => largestNet(days.values()), [days]);
  const weeks = useMemo(() => monthGrid(month), [month]);
  const grid = useRef<HTMLTableElement | null>(null);
  const moved = useRef(false);

  // A key moved the focus: put it on the new day once it is drawn (it may be in another month).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = moveDay(focused, e.key);
    if (next === null) return;
    e.preventDefault();
    moved.current = true;
    setFocused(next);
  };
  const page = (n: number) => setFocused(addMonths(month, n));
  const monthNet = perf.data?.totals.net;

  return (
    <div
      className="max-w-3xl"
      data-testid="perf-calendar"
      data-month={new Date(month).toISOString().slice(0, 7)}
      aria-busy={perf.isPending}
    >
      <div className="mb-2 flex items-center gap-2">
        <Button
          size="icon"
          variant="outline"
          aria-label="Previous month"
          onClick={() => page(-1)}
          data-testid="perf-calendar-prev"
        >
          ‹
        </Button>
        <h3 className="min-w-36 text-center text-sm font-medium" aria-live="polite" data-testid="perf-calendar-month">
          {monthName(month)}
        </h3>
        <Button size="icon" variant="outline" aria-label="Next month" onClick={() => page(1)} data-testid="perf-calendar-next">
          ›
        </Button>
        {monthNet !== undefined ? (
          <span className="ml-auto text-xs text-muted-foreground" data-testid="perf-calendar-total">
            Month net <Pnl value={monthNet} />
          </span>
        ) : null}
      </div>
      {perf.isError ? <QueryError query={perf} what="this month" /> : null}
      <table
        ref={grid}
        role="grid"
        aria-label={`Daily net PnL, ${monthName(month)} (UTC)`}
        className="w-full table-fixed"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col" className="pb-1 text-[11px] font-normal text-muted-foreground">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((d) => d !== null)}>
              {week.map((day, i) =>
                day === null ? (
                  <td key={`pad${i}`} role="gridcell" aria-disabled="true" />
                ) : (
                  <DayCell
                    key={day}
                    day={day}
                    data={days.get(day)}
                    maxAbs={maxAbs}
                    focused={day === focused}
                    onPick={setFocused}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <DayDetail day={focused} data={days.get(focused)} />
    </div>
  );
}
