import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SetXStreamInput, TwitterHandleDto } from '@contract/server-fns/news-twitter';
import { Switch } from '~/components/ui/switch';
import { errorMessage } from '~/lib/http-error';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys, sourcesQuery } from '~/shared/news/news-settings-queries';
import { SourceStatusLine } from '~/shared/news/source-status';
import { SettingsSection } from './common';

/** The one X filtered stream source (X allows one connection per app). */
const X_STREAM_ID = 'x-stream';

/**
 * The X filtered stream, beside the polling sessions: admins switch it on and pick the handles it
 * follows (their stream rules are kept in step by its Durable Object); everyone sees its state
 * (connected / reconnecting in N s / rate-limited / failing) and its delay figures.
 */
export function XStreamPanel({ canEdit, handles }: { canEdit: boolean; handles: TwitterHandleDto[] }) {
  const queryClient = useQueryClient();
  const sources = useQuery({ ...sourcesQuery, refetchInterval: 10_000 }).data ?? [];
  const stored = sources.find((s) => s.id === X_STREAM_ID);
  const save = useMutation({
    mutationFn: (input: SetXStreamInput) => serverFn('setXStream', input),
    onSuccess: (saved) => {
      // The answer is the source as now stored: show it at once, then refetch the rest.
      queryClient.setQueryData(sourcesQuery.queryKey, (all) =>
        all ? [...all.filter((s) => s.id !== saved.id), saved] : [saved],
      );
      toast.success(`X filtered stream ${saved.enabled ? 'on' : 'off'}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the X filtered stream')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.sources }),
  });
  // While a change is on its way, show it: set in the click's own render (the mutation's pending
  // state arrives a tick later, and a controlled box would flick back unchecked meanwhile).
  const [asked, setAsked] = useState<SetXStreamInput | null>(null);
  const shown = asked ?? (save.isPending ? save.variables : undefined);
  const enabled = shown?.enabled ?? stored?.enabled ?? false;
  const handleIds = shown?.handleIds ?? (Array.isArray(stored?.config.handleIds) ? (stored.config.handleIds as string[]) : []);
  const change = (input: SetXStreamInput) => {
    setAsked(input);
    save.mutate(input, { onSettled: () => setAsked(null) });
  };
  const toggle = (id: string, on: boolean) =>
    change({ enabled, handleIds: on ? [...handleIds, id] : handleIds.filter((h) => h !== id) });
  return (
    <SettingsSection
      level={3}
      title="Filtered stream"
      description="X pushes the posts of these handles as they are published (one connection for the app); a gap after a reconnect is filled by recent search, so nothing is lost or stored twice."
      testId="x-stream-panel"
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3 text-xs">
          <Switch
            checked={enabled}
            disabled={!canEdit || save.isPending || asked !== null || (!enabled && handleIds.length === 0)}
            onCheckedChange={(on) => change({ enabled: on, handleIds })}
            aria-label="X filtered stream"
            data-testid="x-stream-enabled"
          />
          <SourceStatusLine source={stored} />
          {stored?.poller?.lastError && enabled ? <span className="text-muted-foreground">{stored.poller.lastError}</span> : null}
        </div>
        {handles.length === 0 ? (
          <p className="text-xs text-muted-foreground">Add a handle first.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Handles the stream follows">
            {handles.map((h) => (
              <li key={h.id}>
                <label className="flex items-center gap-1.5 rounded-md border border-border px-2 py-1 text-xs">
                  <input
                    type="checkbox"
                    checked={handleIds.includes(h.id)}
                    disabled={!canEdit || save.isPending || asked !== null}
                    onChange={(e) => toggle(h.id, e.target.checked)}
                    data-testid={`x-stream-handle-${h.handle}`}
                  />
                  @{h.handle}
                  {h.enabled ? null : <span className="text-muted-foreground">(disabled)</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
