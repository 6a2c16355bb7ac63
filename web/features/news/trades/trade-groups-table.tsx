import type { ReactNode } from 'react';
import { DataTable, sortableColumnHelper, spanCell } from '~/components/ui/data-table';
import { formatPercent } from '~/lib/format';
import { Pnl } from '~/shared/figures';
import type { GroupBy, TradeGroup } from './trade-groups';

const rate = (v: number | null) => (v === null ? '—' : formatPercent(v * 100, { signed: false }));
const pnl = (v: number | null, percent = false) =>
  v === null ? <span className="text-muted-foreground">—</span> : <Pnl value={v} percent={percent} />;
const pnlPercent = (v: number | null) => pnl(v, true);

const g = sortableColumnHelper<TradeGroup>();
const numeric = { meta: { align: 'right' as const }, sortUndefined: 'last' as const };
/** A right-aligned figure of a group that may be missing (sorted last): `show` renders it, "—" when missing. */
const figure = (id: string, header: string, get: (r: TradeGroup) => number | null, show: (v: number | null) => ReactNode) =>
  g.accessor((r) => get(r) ?? undefined, { id, header, ...numeric, cell: (c) => show(get(c.row.original)) });
const columns = (by: GroupBy) =>
  g.columns([
    g.accessor('label', { header: by === 'source' ? 'Source' : by === 'importance' ? 'Importance' : 'Kind' }),
    g.accessor('trades', { header: 'Trades', ...numeric, cell: spanCell('tabular') }),
    g.accessor('scored', { header: 'Scored', ...numeric, cell: spanCell('tabular') }),
    figure('hitRate', 'Hit rate', (r) => r.hitRate, rate),
    figure('avgPercent', 'Avg PnL %', (r) => r.avgPercent, pnlPercent),
    figure('avgUsd', 'Avg PnL', (r) => r.avgUsd, pnl),
    figure('hypHitRate', 'At publication: hit rate', (r) => r.hypotheticalHitRate, rate),
    figure('hypAvgPercent', 'At publication: avg %', (r) => r.hypotheticalAvgPercent, pnlPercent),
  ]);

const COLUMNS = { source: columns('source'), importance: columns('importance'), kind: columns('kind') };

/** Which sources, importances or kinds of news paid: hit rate and average PnL of each group's latest figures. */
export function TradeGroupsTable({ groups, by }: { groups: TradeGroup[]; by: GroupBy }) {
  return (
    <DataTable
      key={by}
      label={`News trades by ${by}`}
      columns={COLUMNS[by]}
      data={groups}
      getRowId={(r) => r.key}
      initialSorting={[{ id: 'trades', desc: true }]}
      rowTestId={(r) => `trade-group-${r.key}`}
      testId="trade-groups"
    />
  );
}
