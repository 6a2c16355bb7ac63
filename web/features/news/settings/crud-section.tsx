import { useMutation, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { requiredContext } from '~/lib/required-context';
import type { RowData } from '@tanstack/react-table';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DataTable, rowKeyOf, sortableColumnHelper, type DataColumns, type DataTableProps } from '~/components/ui/data-table';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { Switch } from '~/components/ui/switch';
import { errorMessage } from '~/lib/http-error';
import { RowActions } from '~/components/ui/row-actions';
import { QueryState, ReadOnlyNote, SettingsSection } from './common';

/**
 * The "list + editor dialog + delete confirmation" block of the news settings pages. A page gives
 * its columns, its form and its server calls; CrudSection does the heading and Add button, the
 * loading / error / empty states, the table with Edit / Delete (or View) per row, the dialog, the
 * confirmation and the toasts, and refreshes the page's queries after every change.
 */

interface CrudContextValue {
  canEdit: boolean;
  /** Refreshes the section's queries (returned so a mutation stays pending until they are back). */
  invalidate: () => Promise<unknown>;
  /** Opens the dialog on a row (the rows of a section's table are its items). */
  open: (item: unknown) => void;
  /** Closes the dialog. */
  close: () => void;
  /** Asks to delete a row; absent when the section has no delete. */
  remove?: (item: unknown) => void;
  rowLabel: (item: unknown) => string;
  actionsTestId: (item: unknown) => string;
}

const [CrudContext, useCrud] = requiredContext<CrudContextValue>('CrudSection');

/** A mutation announced by a toast either way; the section's queries are refreshed when it settles. */
function useToastMutation<V, R>({
  mutationFn,
  done,
  failed,
  invalidate,
}: {
  mutationFn: (variables: V) => Promise<R>;
  done: (result: R, variables: V) => string;
  failed: string;
  invalidate: () => Promise<unknown>;
}) {
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => toast.success(done(result, variables)),
    onError: (error) => toast.error(errorMessage(error, failed)),
    onSettled: () => invalidate(),
  });
}

export interface CrudSectionProps<T extends RowData> {
  title: string;
  description?: ReactNode;
  testId?: string;
  /** 3 for a sub-section: smaller heading and an outlined Add button. */
  level?: 2 | 3;
  canEdit: boolean;
  /** For users who cannot edit: "You can view {readOnlyNote}; only admins can change it." */
  readOnlyNote?: string;
  /** The Add button (editors only); `disabledReason` disables it and says why on hover. */
  add: { label: string; testId: string; disabledReason?: string };
  /** Shown above the list (e.g. the status of what the list feeds). */
  notice?: ReactNode;
  query: UseQueryResult<T[]>;
  /** Names the list in "Loading …" and "Could not load …". */
  what: string;
  table: Omit<DataTableProps<T>, 'data' | 'rowLabel'> & { rowLabel: (item: T) => string };
  empty: { title: string; testId?: string; editorHint?: ReactNode; readerHint?: ReactNode };
  /** The create (null) or edit form, rendered in the dialog; build it on CrudForm. */
  dialog: { testId: string; className?: string; form: (item: T | null) => ReactNode };
  /** Edit (and Delete with `remove`) per row for editors; `View` for everyone else when `viewable`. */
  rowActions?: { testId: (item: T) => string; viewable?: boolean };
  remove?: {
    run: (item: T) => Promise<unknown>;
    confirm: (item: T) => Omit<Confirmation, 'onConfirm'>;
    done: (item: T) => string;
    failed: string;
  };
  /** Queries to refresh after any change made here. */
  invalidates: readonly QueryKey[];
}

export function CrudSection<T extends RowData>({
  title,
  description,
  testId,
  level = 2,
  canEdit,
  readOnlyNote,
  add,
  notice,
  query,
  what,
  table,
  empty,
  dialog,
  rowActions,
  remove,
  invalidates,
}: CrudSectionProps<T>) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const invalidate = () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const removal = useToastMutation({
    mutationFn: (item: T) => (remove ? remove.run(item) : Promise.resolve()),
    done: (_result, item) => remove?.done(item) ?? '',
    failed: remove?.failed ?? '',
    invalidate,
  });

  const withActions = rowActions !== undefined && (canEdit || rowActions.viewable === true);
  const columns = useMemo(
    () => (withActions ? [...table.columns, actionsColumn<T>()] : table.columns),
    [table.columns, withActions],
  );

  const context: CrudContextValue = {
    canEdit,
    invalidate,
    open: (item) => setEditing({ item: item as T }),
    close: () => setEditing(null),
    remove: remove
      ? (item) => setConfirmation({ ...remove.confirm(item as T), onConfirm: () => removal.mutate(item as T) })
      : undefined,
    rowLabel: (item) => table.rowLabel(item as T),
    actionsTestId: (item) => rowActions?.testId(item as T) ?? '',
  };

  return (
    <CrudContext.Provider value={context}>
      <SettingsSection
        level={level}
        title={title}
        description={description}
        actions={
          canEdit ? (
            <Button
              size={level === 2 ? 'sm' : 'xs'}
              variant={level === 2 ? 'default' : 'outline'}
              onClick={() => setEditing({ item: null })}
              disabled={add.disabledReason !== undefined}
              title={add.disabledReason}
              data-testid={add.testId}
            >
              {add.label}
            </Button>
          ) : null
        }
        testId={testId}
      >
        {canEdit || !readOnlyNote ? null : <ReadOnlyNote what={readOnlyNote} />}
        {notice}
        <QueryState query={query} label={what}>
          {(items) =>
            items.length ? (
              <DataTable {...table} columns={columns} data={items} />
            ) : (
              <EmptyState title={empty.title} testId={empty.testId}>
                {canEdit ? empty.editorHint : empty.readerHint}
              </EmptyState>
            )
          }
        </QueryState>
      </SettingsSection>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        testId={dialog.testId}
        className={dialog.className}
      >
        {editing ? (
          <Fragment key={editing.item ? rowKeyOf(table.getRowId)(editing.item) : 'new'}>{dialog.form(editing.item)}</Fragment>
        ) : null}
      </FormDialog>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </CrudContext.Provider>
  );
}

function actionsColumn<T extends RowData>(): DataColumns<T>[number] {
  return sortableColumnHelper<T>().display({
    id: 'row-actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => <CrudRowActions item={info.row.original} />,
  });
}

function CrudRowActions({ item }: { item: unknown }) {
  const { canEdit, open, remove, rowLabel, actionsTestId } = useCrud();
  const label = rowLabel(item);
  if (!canEdit) {
    return (
      <span className="flex justify-end">
        <Button size="xs" variant="ghost" onClick={() => open(item)} aria-label={`View ${label}`}>
          View
        </Button>
      </span>
    );
  }
  return (
    <RowActions
      label={label}
      onEdit={() => open(item)}
      onDelete={remove ? () => remove(item) : undefined}
      testId={actionsTestId(item)}
    />
  );
}

interface CrudSwitchProps<R> {
  checked: boolean;
  update: (enabled: boolean) => Promise<R>;
  done: (updated: R) => string;
  failed: string;
  label: string;
  testId?: string;
}

/** An "enabled" switch in a row: changes at once (editors only), says so in a toast, shows the new state while saving. */
export function CrudSwitch<R>({ checked, update, done, failed, label, testId }: CrudSwitchProps<R>) {
  const { canEdit, invalidate } = useCrud();
  const toggle = useToastMutation({ mutationFn: update, done, failed, invalidate });
  return (
    <Switch
      checked={toggle.isPending ? !!toggle.variables : checked}
      disabled={!canEdit || toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate(enabled)}
      aria-label={label}
      data-testid={testId}
    />
  );
}

/** The "Enabled" column of a section's table: a CrudSwitch per row, from what `switchFor` says of the row. */
export function enabledColumn<T extends RowData & { enabled: boolean }, R>(
  helper: ReturnType<typeof sortableColumnHelper<T>>,
  switchFor: (row: T) => Omit<CrudSwitchProps<R>, 'checked'>,
) {
  return helper.accessor((row) => row.enabled, {
    id: 'enabled',
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => <CrudSwitch checked={info.row.original.enabled} {...switchFor(info.row.original)} />,
  });
}

/**
 * The form of a CrudSection's dialog (DialogForm): saving refreshes the section's queries, says so
 * in a toast and closes the dialog; a failure stays in the form.
 */
export function CrudForm<V extends FieldValues, I, R>({
  form,
  save,
  done,
  ...props
}: {
  form: UseFormReturn<V, unknown, I>;
  save: (input: I) => Promise<R>;
  done: (saved: R) => string;
  failed: string;
  title: string;
  description: ReactNode;
  submitLabel: string;
  submitTestId: string;
  pendingLabel?: string;
  /** Only a Close button; submitting does nothing. */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { invalidate, close } = useCrud();
  return (
    <DialogForm
      form={form}
      onCancel={close}
      onSubmit={async (input) => {
        const saved = await save(input);
        void invalidate();
        toast.success(done(saved));
        close();
      }}
      {...props}
    />
  );
}
