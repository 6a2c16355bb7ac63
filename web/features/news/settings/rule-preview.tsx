import type { RulePreview } from '@contract/server-fns/news-rules';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { ImportanceBadge } from '~/shared/news/importance';
import { SymbolChips } from '~/shared/news/symbol-chips';

/** "Test against recent news": which of the newest stored headlines the conditions select. */
export function RulePreviewPanel({ preview, pending, onTest }: { preview: RulePreview | null; pending: boolean; onTest: () => void }) {
  return (
    <section
      className="grid gap-2 rounded-lg border border-dashed border-border p-3"
      aria-label="Test against recent news"
      data-testid="rule-preview"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {pending
            ? 'Testing…'
            : preview
              ? preview.error
                ? null
                : `${preview.matches.length} of the ${preview.tested} most recent headlines match.`
              : 'See which recent headlines these conditions select, before saving.'}
        </p>
        <Button type="button" size="sm" variant="secondary" onClick={onTest} disabled={pending} data-testid="rule-test">
          {pending ? <Spinner label="Testing" /> : null}
          Test against recent news
        </Button>
      </div>
      {preview?.error ? <Alert>{preview.error}</Alert> : null}
      {preview && !preview.error && preview.matches.length ? (
        <ul
          className="max-h-48 divide-y divide-border overflow-auto rounded-md border border-border text-sm"
          data-testid="rule-preview-matches"
        >
          {preview.matches.slice(0, 50).map((item) => (
            <li key={item.id} className="flex items-center gap-2 px-2 py-1.5">
              <ImportanceBadge importance={item.importance} />
              <span className="tabular shrink-0 text-xs text-muted-foreground">{formatDateTime(item.ts)}</span>
              <span className="min-w-0 flex-1 truncate" title={item.title}>
                {item.title}
              </span>
              <SymbolChips symbols={item.symbols} className="hidden sm:inline-flex" />
              {item.isTest ? <span className="text-xs text-warning">test</span> : null}
              {item.isGarbage ? <span className="text-xs text-muted-foreground">garbage</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {preview && preview.matches.length > 50 ? <p className="text-xs text-muted-foreground">Showing the first 50.</p> : null}
    </section>
  );
}
