import { DataTable, sortableColumnHelper } from '~/components/ui/data-table';
import { formatPercent } from '~/lib/format';
import { Pnl } from '~/shared/figures';
import type { GroupBy, TradeGroup } from './trade-groups';

const rate = (v: number | null) => (v === null ? '—' : formatPercent(v * 100, { signed: false }));
const pnl = (v: number | null, percent = false) =>
  v === null ? <span className="text-muted-foreground">—</span> : <Pnl value={v} percent={percent} />;

const g = sortableColumnHelper<TradeGroup>();
const numeric = { meta: { align: 'right' as const }, sortUndefined: 'last' as const };
const columns = (by: GroupBy) =>
  g.columns([
    g.accessor('label', { header: by === 'source' ? 'Source' : by === 'importance' ? 'Importance' : 'Kind' }),
    g.accessor('trades', { header: 'Trades', ...numeric, cell: (c) => <span className="tabular">{c.getValue()}</span> }),
    g.accessor('scored', { header: 'Scored', ...numeric, cell: (c) => <span className="tabular">{c.getValue()}</span> }),
    g.accessor((r) => r.hitRate ?? undefined, {
      id: 'hitRate',
      header: 'Hit rate',
      ...numeric,
      cell: (c) => rate(c.row.original.hitRate),
    }),
    g.accessor((r) => r.avgPercent ?? undefined, {
      id: 'avgPercent',
      header: 'Avg PnL %',
      ...numeric,
      cell: (c) => pnl(c.row.original.avgPercent, true),
    }),
    g.accessor((r) => r.avgUsd ?? undefined, {
      id: 'avgUsd',
      header: 'Avg PnL',
      ...numeric,
      cell: (c) => pnl(c.row.original.avgUsd),
    }),
    g.accessor((r) => r.hypotheticalHitRate ?? undefined, {
      id: 'hypHitRate',
      header: 'At publication: hit rate',
      ...numeric,
      cell: (c) => rate(c.row.original.hypotheticalHitRate),
    }),
    g.accessor((r) => r.hypotheticalAvgPercent ?? undefined, {
      id: 'hypAvgPercent',
      header: 'At publication: avg %',
      ...numeric,
      cell: (c) => pnl(c.row.original.hypotheticalAvgPercent, true),
    }),
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
