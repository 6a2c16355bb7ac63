import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORTANCE, isImportance } from '@contract/enums';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { Switch } from '~/components/ui/switch';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import { newsFeedKey } from './news-feed-query';
import { orpc } from '~/lib/rpc';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';
import { TagInput } from '~/components/ui/tag-input';

const TITLE_MAX = 500;

/** Admins publish a headline by hand (postManualNews); it streams to every open feed at once. */
export function PostHeadlineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="post-headline-dialog" aria-describedby={undefined}>
        {open ? <PostHeadlineForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PostHeadlineForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { symbols: useId(), test: useId(), body: useId() };
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [symbols, setSymbols] = useState<string[]>([]);
  const [importance, setImportance] = useState<string>('auto');
  const [isTest, setIsTest] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const post = useMutation(
    orpc.postManualNews.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries({ queryKey: newsFeedKey() });
        if (result.duplicate) toast.warning('The same headline was published a few minutes ago: not posted again.');
        else if (!result.item) toast.warning('The pipeline did not keep this headline.');
        else toast.success(isTest ? 'Test headline posted' : 'Headline posted');
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(fields);
        setGeneral(
          Object.keys(fields).length
            ? 'Please correct the highlighted fields.'
            : errorMessage(error, 'Could not post the headline'),
        );
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'A headline is required';
    if (url.trim()) {
      try {
        const parsed = new URL(url.trim());
        if (!/^https?:$/.test(parsed.protocol)) found.url = 'Enter an http(s) URL';
      } catch {
        found.url = 'Enter a full URL, like https://example.com/story';
      }
    }
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length) return;
    post.mutate({
      title: title.trim(),
      body: body.trim() || undefined,
      url: url.trim() || undefined,
      symbols: symbols.length ? symbols : undefined,
      importance: isImportance(importance) ? importance : undefined,
      isTest,
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>Post headline</DialogTitle>
        <DialogDescription>
          Publishes to every open feed right away and runs through mappings and rules like any source.
        </DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <FormField
        label="Headline"
        name="title"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (errors.title) setErrors((prev) => ({ ...prev, title: '' }));
        }}
        error={errors.title}
        maxLength={TITLE_MAX}
        autoFocus
        autoComplete="off"
        data-testid="post-title"
      />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.body}>Text (optional)</Label>
        <textarea
          id={ids.body}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={5000}
          rows={2}
          className="min-h-16 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        />
      </div>
      <FormField
        label="Link (optional)"
        name="url"
        type="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
        placeholder="https://"
        autoComplete="off"
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.symbols}>Symbols</Label>
          <TagInput
            id={ids.symbols}
            value={symbols}
            onChange={setSymbols}
            symbols
            max={20}
            placeholder="BTC, ETH"
            testId="post-symbols"
          />
          {errors.symbols ? <p className="text-xs font-medium text-destructive">{errors.symbols}</p> : null}
        </div>
        <SelectField
          label="Importance"
          fieldClassName="grid content-start gap-1.5"
          value={importance}
          onChange={(event) => setImportance(event.target.value)}
          data-testid="post-importance"
        >
          <option value="auto">Automatic</option>
          {IMPORTANCE.map((level) => (
            <option key={level} value={level}>
              {IMPORTANCE_LABEL[level]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <Switch id={ids.test} checked={isTest} onCheckedChange={setIsTest} data-testid="post-test" />
        <div className="grid gap-0.5">
          <Label htmlFor={ids.test}>Test headline</Label>
          <p className="text-xs text-muted-foreground">
            Marked as test and hidden from feeds unless “Show test headlines” is on.
          </p>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={post.isPending} data-testid="post-submit">
          {post.isPending ? <Spinner label="Posting" /> : null}
          Post headline
        </Button>
      </DialogFooter>
    </form>
  );
}
