import { useQueryClient } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { RpcInputs } from '@contract/types';
import type { Watchlist } from '@contract/watchlists';
import { WATCH_COLORS, WATCH_NOTIFY, WATCH_SOUNDS } from '@contract/enums';
import { MAX_WATCH_ENTRIES_PER_LIST, MAX_WATCH_PATTERNS_PER_USER } from '@contract/patterns';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { SelectField, TagField, TextField } from '~/components/form/fields';
import { rpcResolver } from '~/lib/contract-form';
import { orpc, rpc } from '~/lib/rpc';
import { WATCH_COLOR_LABEL } from '~/shared/watchlists/watch-colors';
import { SOUND_LABEL, NOTIFY_LABEL } from './watchlist-format';

interface FormValues {
  name: string;
  color: Watchlist['color'];
  sound: Watchlist['sound'];
  notify: Watchlist['notify'];
  symbols: string[];
  words: string[];
  patterns: string[];
}

type Input = RpcInputs['saveWatchlist'];

const initial = (list: Watchlist | null): FormValues => ({
  name: list?.name ?? '',
  color: list?.color ?? 'amber',
  sound: list?.sound ?? 'soft',
  notify: list?.notify ?? 'toast',
  symbols: list?.entries.filter((e) => e.kind === 'symbol').map((e) => e.value) ?? [],
  words: list?.entries.filter((e) => e.kind === 'word').map((e) => e.value) ?? [],
  patterns: list?.entries.filter((e) => e.kind === 'pattern').map((e) => e.value) ?? [],
});

const toInput =
  (id: string | undefined) =>
  (v: FormValues): Input => ({
    ...(id ? { id } : {}),
    name: v.name,
    color: v.color,
    sound: v.sound,
    notify: v.notify,
    entries: [
      ...v.symbols.map((value) => ({ kind: 'symbol' as const, value })),
      ...v.words.map((value) => ({ kind: 'word' as const, value })),
      ...v.patterns.map((value) => ({ kind: 'pattern' as const, value })),
    ],
  });

/** The list's entries are three chip fields; the contract counts them as one list of entries. */
const entryProblems = (v: FormValues) => ({
  symbols:
    v.symbols.length + v.words.length + v.patterns.length === 0
      ? 'Add at least one symbol, word or pattern'
      : v.symbols.length + v.words.length + v.patterns.length > MAX_WATCH_ENTRIES_PER_LIST
        ? `At most ${MAX_WATCH_ENTRIES_PER_LIST} entries in a list`
        : null,
  patterns: v.patterns.length > MAX_WATCH_PATTERNS_PER_USER ? `At most ${MAX_WATCH_PATTERNS_PER_USER} patterns` : null,
});

/** How a hit shows: three selects over the contract's value sets. */
const CHOICES = [
  { name: 'color', label: 'Colour', values: WATCH_COLORS, labels: WATCH_COLOR_LABEL },
  { name: 'sound', label: 'Sound', values: WATCH_SOUNDS, labels: SOUND_LABEL },
  { name: 'notify', label: 'Notify', values: WATCH_NOTIFY, labels: NOTIFY_LABEL },
] as const;

/** Create a watchlist (`list` null) or edit one. */
export function WatchlistDialog({
  list,
  open,
  onOpenChange,
}: {
  list: Watchlist | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} testId="watchlist-dialog">
      <WatchlistForm key={list?.id ?? 'new'} list={list} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function WatchlistForm({ list, onDone }: { list: Watchlist | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, Input>({
    defaultValues: initial(list),
    resolver: rpcResolver('saveWatchlist', toInput(list?.id), entryProblems),
  });

  async function save(input: Input) {
    await rpc.saveWatchlist(input);
    void queryClient.invalidateQueries({ queryKey: orpc.listWatchlists.key() });
    toast.success(list ? 'Watchlist saved' : 'Watchlist created');
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={save}
      failed="Could not save the watchlist"
      onCancel={onDone}
      title={list ? 'Edit watchlist' : 'New watchlist'}
      description="Headlines that match any entry are marked in your feed and terminal, and can ring or notify you."
      submitLabel={list ? 'Save watchlist' : 'Create watchlist'}
      submitTestId="watchlist-submit"
    >
      <TextField control={form.control} name="name" label="Name" placeholder="SOL and hacks" data-testid="watchlist-name" />
      <TagField
        control={form.control}
        name="symbols"
        label="Symbols"
        symbols
        placeholder="SOL, BTC…"
        hint="A headline tagged with any of them"
      />
      <TagField
        control={form.control}
        name="words"
        label="Words and phrases"
        placeholder="exploit, listing…"
        hint="Whole words, any case (“exploit” does not match “exploited”: add both, or use a pattern)"
      />
      <TagField
        control={form.control}
        name="patterns"
        label="Patterns (advanced)"
        placeholder="exploit(ed|s)?"
        hint={`Regular expressions (RE2: linear time), at most ${MAX_WATCH_PATTERNS_PER_USER} across your lists`}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {CHOICES.map(({ name, label, values, labels }) => (
          <SelectField key={name} control={form.control} name={name} label={label} data-testid={`watchlist-${name}`}>
            <Options values={values} label={(value) => labels[value as keyof typeof labels]} />
          </SelectField>
        ))}
      </div>
    </DialogForm>
  );
}
