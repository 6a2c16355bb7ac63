import { safe } from '@orpc/client';
import { Options } from '~/components/ui/select';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type { RpcInputs, RpcOutputs } from '@contract/types';
import { PickerField, SelectField, TextareaField, TextField } from '~/components/form/fields';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import type { ComboOption } from '~/components/ui/combobox';
import { rpcResolver, showServerErrors } from '~/lib/contract-form';
import { formatDateTime } from '~/lib/format';
import { rpc } from '~/lib/rpc';
import { TODO_NOTES_MAX, TODO_TITLE_MAX } from '@contract/patterns';
import { formatDay, PriorityBadge } from './todo-fields';
import { useTodoCache } from './todo-queries';
import { PRIORITIES_DESC, PRIORITY_LABEL, type TodoItem } from './todo-view';

/** Who an item can be assigned to (listTodoAssignees). */
export type Assignee = RpcOutputs['listTodoAssignees'][number];

/** Assignees as picker options: found by name or email, listed by name (the email when unnamed). */
export const assigneeOptions = (assignees: Assignee[]): ComboOption[] =>
  assignees.map((a) => ({ value: a.id, label: a.name || a.email, keywords: a.email }));

interface Draft {
  title: string;
  notes: string;
  assigneeId: string;
  dueDate: string;
  priority: string;
  /** The version an edit is based on (a newer one once a conflict is settled). */
  version: number;
}

const draftOf = (item?: TodoItem): Draft => ({
  title: item?.title ?? '',
  notes: item?.notes ?? '',
  assigneeId: item?.assigneeId ?? '',
  dueDate: item?.dueDate ?? '',
  priority: item?.priority ?? 'normal',
  version: item?.version ?? 0,
});

type TodoInput = RpcInputs['createTodoItem'] | RpcInputs['updateTodoItem'];

/** The draft as createTodoItem's input, or updateTodoItem's for an item, checked with its schema. */
function todoResolver(item?: TodoItem): Resolver<Draft, unknown, TodoInput> {
  const fields = (draft: Draft) => ({
    title: draft.title,
    notes: draft.notes,
    assigneeId: draft.assigneeId || null,
    dueDate: draft.dueDate || null,
    priority: PRIORITIES_DESC.find((p) => p === draft.priority) ?? 'normal',
  });
  return item
    ? rpcResolver('updateTodoItem', (draft: Draft) => ({ id: item.id, version: draft.version, ...fields(draft) }))
    : rpcResolver('createTodoItem', fields);
}

/**
 * Creates an item, or edits one in place. An edit names the version it started from: when someone
 * else saved first, the server answers 409 with the current item, shown here to choose from.
 */
export function TodoEditor({ item, assignees, onClose }: { item?: TodoItem; assignees: Assignee[]; onClose: () => void }) {
  const cache = useTodoCache();
  const form = useForm({ defaultValues: draftOf(item), resolver: todoResolver(item) });
  const [conflict, setConflict] = useState<TodoItem | null>(null);
  const { isSubmitting, errors } = form.formState;
  const general = errors.root?.server?.message;

  const submit = form.handleSubmit(async (input) => {
    const [error, saved, isDefined] = await safe('id' in input ? rpc.updateTodoItem(input) : rpc.createTodoItem(input));
    if (isDefined && error.code === 'CONFLICT') {
      cache.upsert(error.data.current);
      setConflict(error.data.current);
    } else if (error) showServerErrors(form, error, 'Could not save');
    else {
      cache.upsert(saved);
      toast.success(item ? `Saved: ${saved.title}` : `Added: ${saved.title}`);
      onClose();
    }
  });
  const save = () => {
    if (!isSubmitting && !conflict) void submit();
  };

  const label = item ? `Edit ${item.title}` : 'New todo item';
  const { control } = form;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
          event.preventDefault();
          save();
        }
      }}
      noValidate
      aria-label={label}
      className="grid gap-3 rounded-lg border border-primary/40 bg-card p-3 shadow-sm"
      data-testid={item ? `todo-editor-${item.id}` : 'todo-editor-new'}
    >
      <TextField control={control} name="title" label="Title" maxLength={TODO_TITLE_MAX} required autoFocus />
      <TextareaField
        control={control}
        name="notes"
        label="Notes"
        hint={`Plain text, up to ${TODO_NOTES_MAX.toLocaleString('en-US')} characters`}
        maxLength={TODO_NOTES_MAX}
        rows={3}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <PickerField
          control={control}
          name="assigneeId"
          label="Assignee"
          noun="assignee"
          options={[{ value: '', label: 'Unassigned' }, ...assigneeOptions(assignees)]}
          testId="todo-assignee"
        />
        <TextField control={control} name="dueDate" label="Due date" type="date" />
        <SelectField control={control} name="priority" label="Priority">
          <Options values={PRIORITIES_DESC} label={(p) => PRIORITY_LABEL[p]} />
        </SelectField>
      </div>
      {conflict ? (
        <ConflictNotice
          current={conflict}
          onUseCurrent={() => {
            form.reset(draftOf(conflict));
            setConflict(null);
          }}
          onKeepMine={() => {
            form.setValue('version', conflict.version);
            setConflict(null);
          }}
        />
      ) : null}
      {general ? <Alert>{general}</Alert> : null}
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-muted-foreground">Ctrl+Enter saves · Esc cancels</span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={isSubmitting || conflict !== null} data-testid="todo-save">
          {isSubmitting ? 'Saving…' : item ? 'Save' : 'Add item'}
        </Button>
      </div>
    </form>
  );
}

function ConflictNotice({
  current,
  onUseCurrent,
  onKeepMine,
}: {
  current: TodoItem;
  onUseCurrent: () => void;
  onKeepMine: () => void;
}) {
  return (
    <Alert tone="warning" data-testid="todo-conflict">
      <p className="font-medium">Someone else saved this item while you were editing. It now reads:</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Title</dt>
        <dd data-testid="todo-conflict-title">{current.title}</dd>
        <dt className="text-muted-foreground">Assignee</dt>
        <dd>{current.assigneeName ?? 'Unassigned'}</dd>
        <dt className="text-muted-foreground">Due</dt>
        <dd>{current.dueDate ? formatDay(current.dueDate) : 'No due date'}</dd>
        <dt className="text-muted-foreground">Priority</dt>
        <dd>
          <PriorityBadge priority={current.priority} />
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{current.done ? 'Done' : 'Open'}</dd>
        {current.notes ? (
          <>
            <dt className="text-muted-foreground">Notes</dt>
            <dd className="line-clamp-3 whitespace-pre-wrap">{current.notes}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Saved</dt>
        <dd className="tabular">{formatDateTime(current.updatedAt)}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="xs" variant="outline" onClick={onUseCurrent} data-testid="todo-conflict-use-current">
          Use their version
        </Button>
        <Button size="xs" variant="outline" onClick={onKeepMine} data-testid="todo-conflict-keep-mine">
          Keep my edit (save over theirs)
        </Button>
      </div>
    </Alert>
  );
}
