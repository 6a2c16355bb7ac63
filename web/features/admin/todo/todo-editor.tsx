import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, FormField } from '~/components/ui/form-field';
import { ComboboxField, type ComboOption } from '~/components/ui/combobox';
import { SelectField } from '~/components/ui/select-field';
import { Textarea } from '~/components/ui/textarea';
import { formatDateTime } from '~/lib/format';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { rpc } from '~/lib/rpc';
import { TODO_NOTES_MAX, TODO_TITLE_MAX } from '@contract/patterns';
import { conflictCurrent } from './todo-conflict';
import { formatDay, PriorityBadge } from './todo-fields';
import { useTodoCache } from './todo-queries';
import { PRIORITIES_DESC, PRIORITY_LABEL, type TodoItem } from './todo-view';

export interface Assignee {
  id: string;
  name: string;
  email: string;
}

/** Assignees as picker options: found by name or email, listed by name (the email when unnamed). */
export const assigneeOptions = (assignees: Assignee[]): ComboOption[] =>
  assignees.map((a) => ({ value: a.id, label: a.name || a.email, keywords: a.email }));

interface Draft {
  title: string;
  notes: string;
  assigneeId: string;
  dueDate: string;
  priority: TodoItem['priority'];
}

const draftOf = (item?: TodoItem): Draft => ({
  title: item?.title ?? '',
  notes: item?.notes ?? '',
  assigneeId: item?.assigneeId ?? '',
  dueDate: item?.dueDate ?? '',
  priority: item?.priority ?? 'normal',
});

/**
 * Creates an item, or edits one in place. An edit names the version it started from: when someone
 * else saved first, the server answers 409 with the current item, shown here to choose from.
 */
export function TodoEditor({ item, assignees, onClose }: { item?: TodoItem; assignees: Assignee[]; onClose: () => void }) {
  const cache = useTodoCache();
  const [draft, setDraft] = useState(() => draftOf(item));
  const [version, setVersion] = useState(item?.version ?? 0);
  const [conflict, setConflict] = useState<TodoItem | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        title: draft.title,
        notes: draft.notes,
        assigneeId: draft.assigneeId || null,
        dueDate: draft.dueDate || null,
        priority: draft.priority,
      };
      return item ? rpc.updateTodoItem({ id: item.id, version, ...fields }) : rpc.createTodoItem(fields);
    },
    onSuccess: (saved) => {
      cache.upsert(saved);
      toast.success(item ? `Saved: ${saved.title}` : `Added: ${saved.title}`);
      onClose();
    },
    onError: (error) => {
      const current = conflictCurrent(error);
      if (!current) return;
      cache.upsert(current);
      setConflict(current);
    },
  });
  const errors = save.error && !conflict ? fieldErrors(save.error) : {};
  const general = save.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(save.error, 'Could not save') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  }

  const label = item ? `Edit ${item.title}` : 'New todo item';
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
      }}
      aria-label={label}
      className="grid gap-3 rounded-lg border border-primary/40 bg-card p-3 shadow-sm"
      data-testid={item ? `todo-editor-${item.id}` : 'todo-editor-new'}
    >
      <FormField
        label="Title"
        name="title"
        value={draft.title}
        onChange={(e) => set('title', e.target.value)}
        maxLength={TODO_TITLE_MAX}
        required
        autoFocus
        error={errors.title}
      />
      <Field
        label="Notes"
        name="notes"
        error={errors.notes}
        hint={`Plain text, up to ${TODO_NOTES_MAX.toLocaleString('en-US')} characters`}
        control={(a11y) => (
          <Textarea
            {...a11y}
            value={draft.notes}
            onChange={(e) => set('notes', e.target.value)}
            maxLength={TODO_NOTES_MAX}
            rows={3}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <ComboboxField
          label="Assignee"
          noun="assignee"
          name="assigneeId"
          value={draft.assigneeId}
          options={[{ value: '', label: 'Unassigned' }, ...assigneeOptions(assignees)]}
          onChange={(id) => set('assigneeId', id)}
          error={errors.assigneeId}
          testId="todo-assignee"
        />
        <FormField
          label="Due date"
          name="dueDate"
          type="date"
          value={draft.dueDate}
          onChange={(e) => set('dueDate', e.target.value)}
          error={errors.dueDate}
        />
        <SelectField
          label="Priority"
          name="priority"
          value={draft.priority}
          onChange={(e) => set('priority', e.target.value as Draft['priority'])}
          error={errors.priority}
        >
          {PRIORITIES_DESC.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABEL[p]}
            </option>
          ))}
        </SelectField>
      </div>
      {conflict ? (
        <ConflictNotice
          current={conflict}
          onUseCurrent={() => {
            setDraft(draftOf(conflict));
            setVersion(conflict.version);
            setConflict(null);
            save.reset();
          }}
          onKeepMine={() => {
            setVersion(conflict.version);
            setConflict(null);
            save.reset();
          }}
        />
      ) : null}
      {general ? <Alert>{general}</Alert> : null}
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-muted-foreground">Ctrl+Enter saves · Esc cancels</span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending || conflict !== null} data-testid="todo-save">
          {save.isPending ? 'Saving…' : item ? 'Save' : 'Add item'}
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
