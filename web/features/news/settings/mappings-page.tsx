import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MappingKind } from '@contract/enums';
import type { Mapping } from '@contract/news-mappings';
import type { Mappings } from '@contract/server-fns/news-mappings';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '~/components/form/dialog-form';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DataTable } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { SearchInput } from '~/components/ui/search-input';
import { errorMessage } from '~/lib/http-error';
import { rpc } from '~/lib/rpc';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { QueryState, ReadOnlyNote, SettingsSection, useCanEdit } from './common';
import { BulkForm } from './mapping-bulk-form';
import { COLUMNS, KIND_LABEL, MappingsContext, type Bulk, type MappingActions } from './mapping-columns';
import { MappingForm } from './mapping-form';
import { filterMappings, plural } from './mapping-format';
import { mappingsQuery } from './settings-queries';

/** /news/settings/mappings: special mappings (terms → symbols) and banned mappings, with the bulk actions. */
export function MappingsPage() {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const query = useQuery(mappingsQuery);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ kind: MappingKind; mapping: Mapping | null } | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

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
            rowLabel={(m) => m.terms.slice(0, 3).join(', ')}
            rowTestId={(m) => `${kind}-row-${m.id}`}
            pageScroll
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
          <SearchInput
            className="w-64 max-w-full"
            inputClassName="h-8"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter terms or symbols"
            aria-label="Filter mappings by term or symbol"
            data-testid="mappings-filter"
          />
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
          <FormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} testId="mapping-dialog">
            {editing ? (
              <MappingForm
                key={editing.mapping?.id ?? `new-${editing.kind}`}
                kind={editing.kind}
                mapping={editing.mapping}
                onDone={() => setEditing(null)}
              />
            ) : null}
          </FormDialog>
          <FormDialog
            open={bulk !== null}
            onOpenChange={(open) => !open && setBulk(null)}
            testId="bulk-dialog"
            className="max-w-md"
          >
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
          </FormDialog>
          <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
        </>
      ) : null}
    </MappingsContext.Provider>
  );
}
