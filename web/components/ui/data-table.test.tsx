import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { DataTable, sortableColumnHelper, type DataColumns } from './data-table';

interface Row {
  id: string;
  n: number;
}
const col = sortableColumnHelper<Row>();
const columns: DataColumns<Row> = col.columns([col.accessor('n', { header: 'N' })]);
const data = Array.from({ length: 250 }, (_, i) => ({ id: `r${i}`, n: i }));

describe('DataTable rowLimit', () => {
  const page = reactRootPerTest();
  const cells = () => [...page.host.querySelectorAll('tbody td')].map((td) => Number(td.textContent));

  it('renders the first rows in the table order, and as many more per click', () => {
    act(() =>
      page.root.render(
        <DataTable
          label="Rows"
          columns={columns}
          data={data}
          initialSorting={[{ id: 'n', desc: true }]}
          rowLimit={100}
          testId="t"
        />,
      ),
    );
    // The whole list is sorted first: the 100 shown are the 100 highest.
    expect(cells()).toHaveLength(100);
    expect(cells()[0]).toBe(249);
    expect(page.host.textContent).toContain('100 of 250');
    const more = () => page.host.querySelector<HTMLButtonElement>('[data-testid="t-more"]');
    act(() => more()!.click());
    expect(cells()).toHaveLength(200);
    expect(more()!.textContent).toBe('Show 50 more');
    act(() => more()!.click());
    expect(cells()).toHaveLength(250);
    expect(more()).toBeNull();
  });
});
