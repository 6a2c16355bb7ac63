import { useId, useSyncExternalStore } from 'react';
import type { SourceDto as NewsSource, SourceWebhook } from '@contract/server-fns/news-sources';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** The URL Telegram posts to: the webhook path on this site. */
export function webhookUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

function copy(text: string, what: string) {
  navigator.clipboard.writeText(text).then(
    () => toast.success(`${what} copied`),
    () => toast.error(`Could not copy the ${what.toLowerCase()}`),
  );
}

/** In the sources table: a Telegram source's webhook path, a hint of its secret and the URL to copy. */
export function WebhookSummary({ webhook }: { webhook: SourceWebhook }) {
  const secret = webhook.secretTokenHint
    ? `secret …${webhook.secretTokenHint}`
    : webhook.secretTokenSet
      ? 'secret set'
      : 'no secret';
  return (
    <span className="flex min-w-0 items-center gap-1.5 font-mono text-xs text-muted-foreground" data-testid="source-webhook">
      <span className="truncate" title={webhook.path}>
        {webhook.path}
      </span>
      <span className="shrink-0">· {secret}</span>
      <Button variant="ghost" size="xs" className="h-5 px-1" onClick={() => copy(webhookUrl(webhook.path), 'Webhook URL')}>
        Copy URL
      </Button>
    </span>
  );
}

// The source just added, whose whole secret token is shown once (the server keeps a hash only).
let announced: (NewsSource & { webhook: SourceWebhook & { secretToken: string } }) | null = null;
const listeners = new Set<() => void>();
function setAnnounced(value: typeof announced) {
  announced = value;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call with createSource's answer: a new Telegram source opens NewWebhookDialog with its secret. */
export function announceNewWebhook(source: NewsSource) {
  if (source.webhook?.secretToken) setAnnounced(source as NonNullable<typeof announced>);
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          data-testid={testId}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outline" onClick={() => copy(value, label)}>
          Copy
        </Button>
      </div>
    </div>
  );
}

/** Render once in the sources section: after a Telegram source is added, how to register its webhook. */
export function NewWebhookDialog() {
  const source = useSyncExternalStore(subscribe, () => announced);
  const url = source ? webhookUrl(source.webhook.path) : '';
  const token = source?.webhook.secretToken ?? '';
  return (
    <Dialog open={source !== null} onOpenChange={(open) => (open ? undefined : setAnnounced(null))}>
      <DialogContent data-testid="webhook-dialog">
        <div className="grid gap-1">
          <DialogTitle>Register the webhook of {source?.name}</DialogTitle>
          <DialogDescription>
            Call the Bot API’s setWebhook with this URL and secret token. Copy the secret now: it is stored as a hash and cannot
            be shown again.
          </DialogDescription>
        </div>
        <CopyField label="Webhook URL" value={url} testId="webhook-url" />
        <CopyField label="Secret token" value={token} testId="webhook-secret" />
        <CopyField
          label="setWebhook call"
          value={`curl -F "url=${url}" -F "secret_token=${token}" -F 'allowed_updates=["message","channel_post"]' https://api.telegram.org/bot<BOT_TOKEN>/setWebhook`}
          testId="webhook-command"
        />
        <DialogFooter>
          <Button onClick={() => setAnnounced(null)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
