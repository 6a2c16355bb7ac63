import { useQueryClient } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { IMPORTANCE, isImportance } from '@contract/enums';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { SelectField, SwitchField, TagField, TextareaField, TextField } from '~/components/form/fields';
import { rpcResolver } from '~/lib/contract-form';
import { rpc } from '~/lib/rpc';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import { newsFeedKey } from './news-feed-query';

const TITLE_MAX = 500;

interface HeadlineValues {
  title: string;
  body: string;
  url: string;
  symbols: string[];
  importance: string;
  isTest: boolean;
}

/** Admins publish a headline by hand (postManualNews); it streams to every open feed at once. */
export function PostHeadlineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} testId="post-headline-dialog">
      <PostHeadlineForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PostHeadlineForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { title: '', body: '', url: '', symbols: [], importance: 'auto', isTest: false },
    resolver: rpcResolver('postManualNews', (values: HeadlineValues) => ({
      title: values.title.trim(),
      body: values.body.trim() || undefined,
      url: values.url.trim() || undefined,
      symbols: values.symbols.length ? values.symbols : undefined,
      importance: isImportance(values.importance) ? values.importance : undefined,
      isTest: values.isTest,
    })),
  });

  async function post(input: Parameters<typeof rpc.postManualNews>[0]) {
    const result = await rpc.postManualNews(input);
    void queryClient.invalidateQueries({ queryKey: newsFeedKey() });
    if (result.duplicate) toast.warning('The same headline was published a few minutes ago: not posted again.');
    else if (!result.item) toast.warning('The pipeline did not keep this headline.');
    else toast.success(input.isTest ? 'Test headline posted' : 'Headline posted');
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={post}
      failed="Could not post the headline"
      onCancel={onDone}
      title="Post headline"
      description="Publishes to every open feed right away and runs through mappings and rules like any source."
      submitLabel="Post headline"
      submitTestId="post-submit"
      pendingLabel="Posting"
    >
      <TextField
        control={form.control}
        name="title"
        label="Headline"
        maxLength={TITLE_MAX}
        autoFocus
        autoComplete="off"
        data-testid="post-title"
      />
      <TextareaField control={form.control} name="body" label="Text (optional)" maxLength={5000} rows={2} className="min-h-16" />
      <TextField control={form.control} name="url" label="Link (optional)" type="url" placeholder="https://" autoComplete="off" />
      <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
        <TagField control={form.control} name="symbols" label="Symbols" symbols max={20} placeholder="BTC, ETH" testId="post-symbols" />
        <SelectField
          control={form.control}
          name="importance"
          label="Importance"
          fieldClassName="grid content-start gap-1.5"
          data-testid="post-importance"
        >
          <option value="auto">Automatic</option>
          <Options values={IMPORTANCE} label={(level) => IMPORTANCE_LABEL[level]} />
        </SelectField>
      </div>
      <SwitchField
        control={form.control}
        name="isTest"
        className="flex items-start gap-3 rounded-md border border-border p-3"
        label={
          <span className="grid gap-0.5">
            Test headline
            <span className="text-xs font-normal text-muted-foreground">
              Marked as test and hidden from feeds unless “Show test headlines” is on.
            </span>
          </span>
        }
        data-testid="post-test"
      />
    </DialogForm>
  );
}
