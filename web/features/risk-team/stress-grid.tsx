import { useMemo } from 'react';
import { sortableColumnHelper, spanCell, type DataColumns } from '~/components/ui/data-table';
import { fittedTableHeight, GRID_ROW, GridCell, VirtualDataTable } from '~/components/ui/virtual-data-table';
import { Pnl } from '~/shared/figures';
import type { RiskExposure } from './risk-queries';
import { useOpenTrader } from './open-trader';

interface StressRow {
  traderId: string;
  name: string;
  pnl: number[];
  worst: number;
}

const col = sortableColumnHelper<StressRow>();
const shockLabel = (s: number) => `BTC ${s > 0 ? '+' : '−'}${Math.abs(s * 100)}%`;
const figure = { align: 'right' as const, width: 'minmax(7rem, 1fr)' };

function stressColumns(shocks: number[]): DataColumns<StressRow> {
  return [
    col.accessor('name', { header: 'Trader', meta: { width: 'minmax(11rem, 1.5fr)' }, cell: spanCell('truncate font-medium') }),
    ...shocks.map((s, i) =>
      col.accessor((r) => r.pnl[i] ?? 0, {
        id: `shock${i}`,
        header: shockLabel(s),
        meta: figure,
        cell: (c) => <Pnl value={c.getValue()} compact />,
      }),
    ),
    col.accessor('worst', { header: 'Worst', meta: figure, cell: (c) => <Pnl value={c.getValue()} compact /> }),
  ];
}

/**
 * The stress test: PnL per trader under each BTC move (alts by beta), worst first; the firm's sum
 * stays at the bottom. Virtualized: a desk of 500 would otherwise put ~13,000 elements on the page.
 */
export function StressGrid({ data }: { data: RiskExposure }) {
  const { shocks, traders, firm, altBeta } = data.stress;
  const columns = useMemo(() => stressColumns(shocks), [shocks]);
  const rows = useMemo(() => traders.map((t) => ({ ...t, worst: Math.min(0, ...t.pnl) })), [traders]);
  const onOpen = useOpenTrader();
  return (
    <>
      <div className="flex flex-col" style={{ height: fittedTableHeight(rows.length, true, 560) }}>
        <VirtualDataTable
          label="Stress test PnL"
          columns={columns}
          data={rows}
          getRowId={(t) => t.traderId}
          initialSorting={[{ id: 'worst', desc: false }]}
          rowLabel={(t) => t.name}
          onOpen={onOpen}
          footer={
            <div role="row" data-testid="stress-firm" className={`${GRID_ROW} h-full`}>
              <GridCell>Firm</GridCell>
              {firm.map((v, i) => (
                <GridCell key={shocks[i]} align="right">
                  <Pnl value={v} compact />
                </GridCell>
              ))}
              <GridCell align="right">
                <Pnl value={Math.min(0, ...firm)} compact />
              </GridCell>
            </div>
          }
          testId="stress-grid"
          minWidth="60rem"
        />
      </div>
      <p className="pt-2 text-xs text-muted-foreground">
        Alts move by beta × the BTC move (beta {altBeta}). Linear PnL on current notional; no liquidations. Worst: the largest
        loss of the row’s moves (0 when every move gains).
      </p>
    </>
  );
}
