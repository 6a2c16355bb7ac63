import type { MappingKind } from '@contract/enums';
import { requiredContext } from '~/lib/required-context';
import type { Mapping } from '@contract/news-mappings';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { RowActions } from '~/components/ui/row-actions';

/** The mapping tables: their columns, and the row actions they reach through MappingsContext. */

export const KIND_LABEL: Record<MappingKind, { one: string; title: string }> = {
  special: { one: 'special mapping', title: 'Special mappings' },
  banned: { one: 'banned mapping', title: 'Banned mappings' },
};

export type Bulk = { kind: 'special' | 'banned'; field: 'term' } | { kind: 'special'; field: 'symbol' };

export interface MappingActions {
  canEdit: boolean;
  edit: (kind: MappingKind, mapping: Mapping) => void;
  remove: (kind: MappingKind, mapping: Mapping) => void;
}

export const [MappingsContext, useMappingActions] = requiredContext<MappingActions>('MappingsContext');

const MAX_CHIPS = 8;

function Terms({ terms }: { terms: string[] }) {
  const shown = terms.slice(0, MAX_CHIPS);
  return (
    <span className="flex max-w-[32rem] min-w-[12rem] flex-wrap gap-1 whitespace-normal" title={terms.join(', ')}>
      {shown.map((term) => (
        <span key={term} className="rounded border border-border bg-muted px-1.5 py-0.5 text-xs">
          {term}
        </span>
      ))}
      {terms.length > shown.length ? (
        <span className="px-1 text-xs text-muted-foreground">+{terms.length - shown.length} more</span>
      ) : null}
    </span>
  );
}

function Symbols({ symbols, banned }: { symbols: string[]; banned: boolean }) {
  if (!symbols.length)
    return banned ? <Badge tone="warning">Marks garbage</Badge> : <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex max-w-[18rem] min-w-[6rem] flex-wrap gap-1 whitespace-normal">
      {symbols.map((symbol) => (
        <span
          key={symbol}
          className={
            banned
              ? 'rounded border border-destructive/30 bg-destructive/10 px-1.5 py-0.5 font-mono text-xs text-destructive line-through'
              : 'rounded border border-primary/30 bg-primary/10 px-1.5 py-0.5 font-mono text-xs text-primary'
          }
        >
          {symbol}
        </span>
      ))}
    </span>
  );
}

function Actions({ kind, mapping }: { kind: MappingKind; mapping: Mapping }) {
  const { edit, remove } = useMappingActions();
  const label = `${KIND_LABEL[kind].one} ${mapping.terms.slice(0, 2).join(', ')}`;
  return (
    <RowActions
      label={label}
      onEdit={() => edit(kind, mapping)}
      onDelete={() => remove(kind, mapping)}
      testId={`${kind}-${mapping.id}`}
    />
  );
}

function columnsFor(kind: MappingKind, canEdit: boolean): DataColumns<Mapping> {
  const helper = sortableColumnHelper<Mapping>();
  const base = helper.columns([
    helper.accessor((m) => m.terms.join(', '), {
      id: 'terms',
      header: 'When a headline mentions',
      sortFn: 'alphanumeric',
      cell: (info) => <Terms terms={info.row.original.terms} />,
    }),
    helper.accessor((m) => m.symbols.join(', '), {
      id: 'symbols',
      header: kind === 'special' ? 'Tag symbols' : 'Remove symbols',
      sortFn: 'alphanumeric',
      cell: (info) => <Symbols symbols={info.row.original.symbols} banned={kind === 'banned'} />,
    }),
    helper.accessor('updatedAt', {
      header: 'Updated',
      meta: { align: 'right' },
      cell: (info) => <span className="tabular text-muted-foreground">{formatDateTime(info.getValue())}</span>,
    }),
  ]);
  if (!canEdit) return base;
  return [
    ...base,
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => <Actions kind={kind} mapping={info.row.original} />,
    }),
  ];
}

export const COLUMNS = {
  special: { admin: columnsFor('special', true), reader: columnsFor('special', false) },
  banned: { admin: columnsFor('banned', true), reader: columnsFor('banned', false) },
};
