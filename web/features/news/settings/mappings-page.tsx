import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { mappingsQuery } from './settings-queries';
import type { Mapping } from '@contract/news-mappings';
import type { MappingKind } from '@contract/enums';
import type { Mappings } from '@contract/server-fns/news-mappings';
import { createContext, useContext, useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SearchIcon } from '~/components/layout/icons';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { cleanSymbol, symbolProblem } from '~/lib/symbol';
import { rpc } from '~/lib/rpc';
import { TagInput } from '~/components/ui/tag-input';
import { FieldError, QueryState, ReadOnlyNote, RowActions, SettingsSection, useCanEdit } from './common';
import { filterMappings, mappingsLackingSymbol, mappingsLackingTerm, normaliseTerm, plural } from './mapping-format';

const KIND_LABEL: Record<MappingKind, { one: string; title: string }> = {
  special: { one: 'special mapping', title: 'Special mappings' },
  banned: { one: 'banned mapping', title: 'Banned mappings' },
};

type Bulk = { kind: 'special' | 'banned'; field: 'term' } | { kind: 'special'; field: 'symbol' };

interface MappingActions {
  canEdit: boolean;
  edit: (kind: MappingKind, mapping: Mapping) => void;
  remove: (kind: MappingKind, mapping: Mapping) => void;
}

const MappingsContext = createContext<MappingActions | null>(null);
function useMappingActions() {
  const value = useContext(MappingsContext);
  if (!value) throw new Error('MappingsContext missing');
  return value;
}

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
      header: kind === 'special' ? 'When a headline mentions' : 'When a headline mentions',
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

const COLUMNS = {
  special: { admin: columnsFor('special', true), reader: columnsFor('special', false) },
  banned: { admin: columnsFor('banned', true), reader: columnsFor('banned', false) },
};

/** /news/settings/mappings: special mappings (terms → symbols) and banned mappings, with the bulk actions. */
export function MappingsPage() {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const query = useQuery(mappingsQuery);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ kind: MappingKind; mapping: Mapping | null } | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const filterId = useId();

  const remove = useMutation({
    mutationFn: ({ kind, mapping }: { kind: MappingKind; mapping: Mapping }) =>
      kind === 'special' ? rpc.deleteSpecialMapping({ id: mapping.id }) : rpc.deleteBannedMapping({ id: mapping.id }),
    onSuccess: (_r, { kind }) => toast.success(`Deleted the ${KIND_LABEL[kind].one}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the mapping')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.mappings }),
  });

  const bulkRun = useMutation({
    mutationFn: ({ bulk: b, input }: { bulk: Bulk; input: string }) =>
      b.field === 'symbol'
        ? rpc.addSymbolToAllSpecialMappings({ symbol: input })
        : b.kind === 'special'
          ? rpc.addTermToAllSpecialMappings({ term: input })
          : rpc.addTermToAllBannedMappings({ term: input }),
    onSuccess: (result, { bulk: b, input }) => {
      const one = KIND_LABEL[b.kind].one;
      queryClient.setQueryData<Mappings>(newsSettingsKeys.mappings, (prev) =>
        prev ? { ...prev, [b.kind]: result.mappings } : prev,
      );
      toast.success(
        result.updated ? `Added “${input}” to ${plural(result.updated, one)}` : `Every ${one} already has “${input}”`,
      );
    },
    onError: (err) => toast.error(errorMessage(err, 'The bulk change failed; no mapping was changed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.mappings }),
  });

  const actions = useMemo<MappingActions>(
    () => ({
      canEdit,
      edit: (kind, mapping) => setEditing({ kind, mapping }),
      remove: (kind, mapping) =>
        setConfirmation({
          title: `Delete this ${KIND_LABEL[kind].one}?`,
          description: (
            <>
              Terms: {mapping.terms.join(', ')}. New headlines are no longer {kind === 'special' ? 'tagged' : 'filtered'} by it.
            </>
          ),
          action: 'Delete',
          onConfirm: () => remove.mutate({ kind, mapping }),
        }),
    }),
    [canEdit, remove],
  );

  function table(kind: MappingKind, data: Mappings) {
    const all = data[kind];
    const rows = filterMappings(all, filter);
    const label = KIND_LABEL[kind];
    return (
      <SettingsSection
        level={3}
        title={`${label.title} (${all.length.toLocaleString('en-US')})`}
        description={
          kind === 'special'
            ? 'A headline that mentions any term is tagged with the symbols.'
            : 'A headline that mentions any term loses the symbols; with no symbols it is marked garbage.'
        }
        actions={
          canEdit ? (
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setBulk({ kind, field: 'term' })}
                disabled={!all.length}
                data-testid={`bulk-term-${kind}`}
              >
                Add term to all
              </Button>
              {kind === 'special' ? (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setBulk({ kind: 'special', field: 'symbol' })}
                  disabled={!all.length}
                  data-testid="bulk-symbol-special"
                >
                  Add symbol to all
                </Button>
              ) : null}
              <Button size="xs" onClick={() => setEditing({ kind, mapping: null })} data-testid={`add-${kind}`}>
                New {kind} mapping
              </Button>
            </>
          ) : null
        }
        testId={`${kind}-mappings`}
      >
        {rows.length ? (
          <DataTable
            label={label.title}
            testId={`${kind}-table`}
            columns={canEdit ? COLUMNS[kind].admin : COLUMNS[kind].reader}
            data={rows}
            getRowId={(m) => m.id}
            rowLabel={(m) => m.terms.slice(0, 3).join(', ')}
            rowTestId={(m) => `${kind}-row-${m.id}`}
            containerClassName="max-h-[26rem]"
          />
        ) : (
          <EmptyState title={filter ? `No ${label.one}s match “${filter}”.` : `No ${label.one}s yet.`}>
            {filter ? 'Try another term or symbol.' : canEdit ? `Create one with “New ${kind} mapping”.` : null}
          </EmptyState>
        )}
      </SettingsSection>
    );
  }

  return (
    <MappingsContext.Provider value={actions}>
      <SettingsSection
        title="Mappings & Banned"
        description="Special mappings tag symbols from terms; banned mappings suppress a symbol or mark garbage. Changes apply to new headlines."
        actions={
          <div className="relative w-64 max-w-full">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Filter terms or symbols"
              aria-label="Filter mappings by term or symbol"
              className="h-8 pl-8"
              data-testid="mappings-filter"
            />
          </div>
        }
        testId="mappings"
      >
        {canEdit ? null : <ReadOnlyNote what="the mappings" />}
        <QueryState query={query} label="mappings" rows={6}>
          {(data) => (
            <div className="grid gap-8">
              {table('special', data)}
              {table('banned', data)}
            </div>
          )}
        </QueryState>
      </SettingsSection>
      {canEdit ? (
        <>
          <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
            <DialogContent data-testid="mapping-dialog" aria-describedby={undefined}>
              {editing ? (
                <MappingForm
                  key={editing.mapping?.id ?? `new-${editing.kind}`}
                  kind={editing.kind}
                  mapping={editing.mapping}
                  onDone={() => setEditing(null)}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <Dialog open={bulk !== null} onOpenChange={(open) => !open && setBulk(null)}>
            <DialogContent className="max-w-md" data-testid="bulk-dialog" aria-describedby={undefined}>
              {bulk && query.data ? (
                <BulkForm
                  key={`${bulk.kind}-${bulk.field}`}
                  bulk={bulk}
                  mappings={query.data[bulk.kind]}
                  onConfirm={(next) => {
                    setBulk(null);
                    setConfirmation(next);
                  }}
                  onCancel={() => setBulk(null)}
                  run={(b, input) => bulkRun.mutate({ bulk: b, input })}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
        </>
      ) : null}
    </MappingsContext.Provider>
  );
}

function MappingForm({ kind, mapping, onDone }: { kind: MappingKind; mapping: Mapping | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { terms: useId(), symbols: useId() };
  const [terms, setTerms] = useState<string[]>(mapping?.terms ?? []);
  const [symbols, setSymbols] = useState<string[]>(mapping?.symbols ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      if (kind === 'special') {
        return mapping
          ? rpc.updateSpecialMapping({ id: mapping.id, updates: { terms, symbols } })
          : rpc.createSpecialMapping({ terms, symbols });
      }
      return mapping
        ? rpc.updateBannedMapping({ id: mapping.id, updates: { terms, symbols } })
        : rpc.createBannedMapping({ terms, symbols });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: newsSettingsKeys.mappings });
      toast.success(mapping ? `Saved the ${KIND_LABEL[kind].one}` : `Created a ${KIND_LABEL[kind].one}`);
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      const updates = (error as { data?: { issues?: { path: string[]; message: string }[] } }).data?.issues?.find(
        (i) => i.path[0] === 'updates',
      );
      if (updates?.path[1]) fields[updates.path[1]] = updates.message;
      setErrors(fields);
      setGeneral(
        Object.keys(fields).length ? 'Please correct the highlighted fields.' : errorMessage(error, 'Could not save the mapping'),
      );
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found: Record<string, string> = {};
    if (!terms.length) found.terms = 'Add at least one term';
    if (kind === 'special' && !symbols.length) found.symbols = 'Add at least one symbol';
    setErrors(found);
    setGeneral(null);
    if (!Object.keys(found).length) save.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>{mapping ? `Edit ${KIND_LABEL[kind].one}` : `New ${KIND_LABEL[kind].one}`}</DialogTitle>
        <DialogDescription>
          {kind === 'special'
            ? 'Headlines that mention any of the terms are tagged with every symbol.'
            : 'Headlines that mention any of the terms lose these symbols. Leave symbols empty to mark such headlines garbage.'}
        </DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={ids.terms}>Terms</Label>
        <TagInput
          id={ids.terms}
          value={terms}
          onChange={setTerms}
          transform={normaliseTerm}
          validate={(term) => (term.length > 100 ? 'A term is at most 100 characters' : null)}
          max={200}
          separators={/[,\n]/}
          placeholder="bitcoin, spot etf, …"
          chipLabel="term"
          invalid={!!errors.terms}
          testId="mapping-terms"
        />
        <p className="text-xs text-muted-foreground">Enter or comma adds a term; case does not matter.</p>
        <FieldError message={errors.terms} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.symbols}>{kind === 'special' ? 'Symbols to tag' : 'Symbols to remove (optional)'}</Label>
        <TagInput
          id={ids.symbols}
          value={symbols}
          onChange={setSymbols}
          symbols
          placeholder="BTC"
          invalid={!!errors.symbols}
          testId="mapping-symbols"
        />
        <FieldError message={errors.symbols} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="mapping-submit">
          {save.isPending ? <Spinner label="Saving" /> : null}
          {mapping ? 'Save' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Asks for the term or symbol of a bulk action, then hands over a confirmation that says how many mappings change. */
function BulkForm({
  bulk,
  mappings,
  onConfirm,
  onCancel,
  run,
}: {
  bulk: Bulk;
  mappings: Mapping[];
  onConfirm: (c: Confirmation) => void;
  onCancel: () => void;
  run: (bulk: Bulk, input: string) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kindLabel = KIND_LABEL[bulk.kind].one;
  const isSymbol = bulk.field === 'symbol';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = isSymbol ? cleanSymbol(value) : normaliseTerm(value);
    const problem = isSymbol
      ? symbolProblem(input)
      : !input
        ? 'Enter a term'
        : input.length > 100
          ? 'A term is at most 100 characters'
          : null;
    if (problem) {
      setError(problem);
      return;
    }
    const changes = isSymbol ? mappingsLackingSymbol(mappings, input) : mappingsLackingTerm(mappings, input);
    const already = mappings.length - changes;
    onConfirm({
      title: isSymbol ? `Add ${input} to every special mapping?` : `Add “${input}” to every ${kindLabel}?`,
      description: (
        <span data-testid="bulk-summary">
          {changes ? (
            <>
              <strong className="text-foreground">{plural(changes, kindLabel)}</strong> will change
              {already ? ` (${plural(already, 'other')} already ${already === 1 ? 'has' : 'have'} it)` : ''}. All or nothing: if
              one fails, none changes.
            </>
          ) : (
            <>Every {kindLabel} already has it: nothing will change.</>
          )}
        </span>
      ),
      action: changes ? `Change ${plural(changes, 'mapping')}` : 'OK',
      destructive: false,
      onConfirm: () => {
        if (changes) run(bulk, input);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>
          {isSymbol ? 'Add a symbol to all special mappings' : `Add a term to all ${KIND_LABEL[bulk.kind].title.toLowerCase()}`}
        </DialogTitle>
        <DialogDescription>You will see how many mappings change before anything is saved.</DialogDescription>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{isSymbol ? 'Symbol' : 'Term'}</Label>
        <Input
          id={inputId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          placeholder={isSymbol ? 'BTC' : 'e.g. airdrop'}
          className={isSymbol ? 'font-mono uppercase' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
          autoComplete="off"
          data-testid="bulk-value"
        />
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" data-testid="bulk-next">
          Review
        </Button>
      </DialogFooter>
    </form>
  );
}
