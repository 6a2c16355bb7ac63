import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { ServerFnInput } from '@contract/server-fns';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys, newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import type { NewsSettings } from '@contract/server-fns/news-settings';
import { IMPORTANCE, SOURCE_KINDS, type Importance } from '@contract/enums';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { Switch } from '~/components/ui/switch';
import { cn } from '~/lib/cn';
import { serverFnResolver } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { formatNewsTime, IMPORTANCE_LABEL, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import {
  notificationPermission,
  playNewsBeep,
  requestNotificationPermission,
  unlockNewsSound,
  type NotificationState,
} from '~/shared/news/news-sound';
import { QueryState } from './common';
import { TagInput } from '~/components/ui/tag-input';

const PERMISSION_TEXT: Record<NotificationState, string> = {
  granted: 'Allowed in this browser.',
  denied: 'Blocked in this browser: allow notifications for this site in the browser’s settings.',
  default: 'The browser will ask for permission when you save.',
  unsupported: 'This browser cannot show desktop notifications.',
};

const sameSettings = (a: NewsSettings, b: NewsSettings) => JSON.stringify(a) === JSON.stringify(b);

/** The settings as updateNewsSettings takes them (checked with its schema). */
const toPatch = (draft: NewsSettings): ServerFnInput<'updateNewsSettings'> => ({
  sounds: draft.sounds,
  desktopNotifications: draft.desktopNotifications,
  defaultFilters: draft.defaultFilters,
  timeFormat: draft.timeFormat,
  highlightNew: draft.highlightNew,
});

function Row({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex items-center justify-between gap-4 py-2.5', className)}>{children}</div>;
}

function Group({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="grid gap-1 border-t border-border pt-4 first:border-t-0 first:pt-0">
      <legend id={id} className="contents">
        <span className="text-sm font-semibold">{title}</span>
      </legend>
      {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      <div className="mt-1 divide-y divide-border/60">{children}</div>
    </fieldset>
  );
}

/**
 * The user's general news settings (docs/PRODUCT-RULES.md §7): sounds per importance, desktop notifications,
 * highlight of new headlines, time format and the feed's default filters. Rendered on
 * /news/settings/general and inside the dashboard at /dashboard/news_settings.
 */
export function GeneralSettingsForm() {
  const query = useQuery(newsSettingsQuery);
  return (
    <QueryState query={query} label="your news settings" rows={6}>
      {(settings) => <SettingsForm key={JSON.stringify(settings)} saved={settings} />}
    </QueryState>
  );
}

function SettingsForm({ saved }: { saved: NewsSettings }) {
  const queryClient = useQueryClient();
  const ids = { notify: useId(), highlight: useId(), symbols: useId(), movers: useId(), time: useId() };
  const form = useForm({ defaultValues: saved, resolver: serverFnResolver('updateNewsSettings', toPatch) });
  const draft = useWatch({ control: form.control }) as NewsSettings;
  const [permission, setPermission] = useState<NotificationState>(() => notificationPermission());
  const sources = useQuery(sourcesQuery).data ?? [];
  const dirty = !sameSettings(draft, saved);
  const pending = form.formState.isSubmitting;

  function set<K extends keyof NewsSettings>(key: K, value: NewsSettings[K]) {
    form.setValue(key, value as never, { shouldDirty: true });
  }
  function setFilter<K extends keyof NewsSettings['defaultFilters']>(key: K, value: NewsSettings['defaultFilters'][K]) {
    const defaultFilters = { ...form.getValues('defaultFilters'), [key]: value };
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === false) delete defaultFilters[key];
    set('defaultFilters', defaultFilters);
  }

  async function onNotifyChange(on: boolean) {
    set('desktopNotifications', on);
    if (on) setPermission(await requestNotificationPermission());
  }

  const submit = form.handleSubmit(
    async (patch) => {
      if (patch.desktopNotifications && notificationPermission() === 'default')
        setPermission(await requestNotificationPermission());
      try {
        queryClient.setQueryData(newsSettingsKeys.general, await serverFn('updateNewsSettings', patch));
        toast.success('News settings saved');
      } catch (error) {
        toast.error(errorMessage(error, 'Could not save the news settings'));
      }
    },
    (errors) => toast.error(Object.values(errors)[0]?.message ?? 'Could not save the news settings'),
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) return event.preventDefault();
    void submit(event);
  }

  const filterSources = draft.defaultFilters.sources ?? [];
  const toggleSource = (id: string, on: boolean) =>
    setFilter('sources', on ? [...filterSources, id] : filterSources.filter((s) => s !== id));
  const importance = draft.defaultFilters.importance ?? [];
  const example = new Date(2026, 0, 15, 14, 5, 9).getTime();

  return (
    <form onSubmit={onSubmit} className="grid gap-5" data-testid="general-settings-form" noValidate>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="grid content-start gap-5 rounded-lg border border-border bg-card p-4">
          <Group title="Sounds" description="A short beep when a new headline of this importance arrives in an open feed.">
            {IMPORTANCE.map((level) => {
              const id = `sound-${level}`;
              return (
                <Row key={level}>
                  <Label htmlFor={id} className="font-normal">
                    {IMPORTANCE_LABEL[level]}
                  </Label>
                  <span className="flex items-center gap-3">
                    <Button
                      type="button"
                      size="xs"
                      variant="ghost"
                      onClick={() => {
                        unlockNewsSound();
                        playNewsBeep(level);
                      }}
                      aria-label={`Play the ${IMPORTANCE_LABEL[level].toLowerCase()} sound`}
                    >
                      Play
                    </Button>
                    <Switch
                      id={id}
                      checked={draft.sounds[level]}
                      onCheckedChange={(on) => set('sounds', { ...draft.sounds, [level]: on })}
                      data-testid={`settings-sound-${level}`}
                    />
                  </span>
                </Row>
              );
            })}
          </Group>

          <Group title="Alerts">
            <Row>
              <div className="grid gap-0.5">
                <Label htmlFor={ids.notify} className="font-normal">
                  Desktop notifications
                </Label>
                <p className="text-xs text-muted-foreground">
                  Critical and high headlines while the feed’s tab is in the background. {PERMISSION_TEXT[permission]}
                </p>
              </div>
              <Switch
                id={ids.notify}
                checked={draft.desktopNotifications}
                onCheckedChange={(on) => void onNotifyChange(on)}
                disabled={permission === 'unsupported' && !draft.desktopNotifications}
                data-testid="settings-notifications"
              />
            </Row>
            <Row>
              <div className="grid gap-0.5">
                <Label htmlFor={ids.highlight} className="font-normal">
                  Highlight new headlines
                </Label>
                <p className="text-xs text-muted-foreground">
                  Tint headlines that just arrived with their importance colour for a few seconds.
                </p>
              </div>
              <Switch
                id={ids.highlight}
                checked={draft.highlightNew}
                onCheckedChange={(on) => set('highlightNew', on)}
                data-testid="settings-highlight"
              />
            </Row>
          </Group>

          <Group title="Time format">
            <div role="radiogroup" aria-label="Time format" className="flex flex-wrap gap-2 py-2">
              {(['24h', '12h'] as const).map((format) => (
                <label
                  key={format}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  )}
                >
                  <input
                    type="radio"
                    name={ids.time}
                    value={format}
                    checked={draft.timeFormat === format}
                    onChange={() => set('timeFormat', format)}
                    className="accent-[var(--color-primary)]"
                    data-testid={`settings-time-${format}`}
                  />
                  <span>{format === '24h' ? '24-hour' : '12-hour'}</span>
                  <span className="tabular text-xs text-muted-foreground">
                    {formatNewsTime(example, format, { date: false })}
                  </span>
                </label>
              ))}
            </div>
          </Group>
        </div>

        <div className="grid content-start gap-5 rounded-lg border border-border bg-card p-4">
          <Group title="Default feed filters" description="Applied when you open the news feed without filters of its own.">
            <div className="grid gap-1.5 py-2.5">
              <span className="text-sm">Importance</span>
              <div role="group" aria-label="Default importance" className="flex flex-wrap gap-1.5">
                {IMPORTANCE.map((level) => {
                  const on = importance.includes(level);
                  return (
                    <button
                      key={level}
                      type="button"
                      aria-pressed={on}
                      onClick={() =>
                        setFilter(
                          'importance',
                          IMPORTANCE.filter((l): l is Importance => (l === level ? !on : importance.includes(l))),
                        )
                      }
                      className={cn(
                        'h-7 rounded-md border border-border px-2.5 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                        on && 'border-primary/60 bg-primary/10 text-foreground',
                      )}
                      data-testid={`settings-default-importance-${level}`}
                    >
                      {IMPORTANCE_LABEL[level]}
                    </button>
                  );
                })}
              </div>
              <p className="text-xs text-muted-foreground">None selected: every importance.</p>
            </div>
            <div className="grid gap-1.5 py-2.5">
              <Label htmlFor={ids.symbols} className="font-normal">
                Symbols
              </Label>
              <TagInput
                id={ids.symbols}
                value={draft.defaultFilters.symbols ?? []}
                onChange={(next) => setFilter('symbols', next)}
                symbols
                placeholder="Any symbol"
                testId="settings-default-symbols"
              />
            </div>
            <div className="grid gap-1.5 py-2.5">
              <span className="text-sm">Sources</span>
              <div role="group" aria-label="Default sources" className="flex flex-wrap gap-x-4 gap-y-1.5">
                {[
                  ...SOURCE_KINDS.map((kind) => ({ id: kind, name: SOURCE_KIND_LABEL[kind] ?? kind })),
                  ...sources.map((s) => ({ id: s.id, name: `${s.name} (${SOURCE_KIND_LABEL[s.kind] ?? s.kind})` })),
                ].map((source) => (
                  <label key={source.id} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={filterSources.includes(source.id)}
                      onChange={(event) => toggleSource(source.id, event.target.checked)}
                      className="size-3.5 accent-[var(--color-primary)]"
                    />
                    {source.name}
                  </label>
                ))}
              </div>
            </div>
            <Row>
              <Label htmlFor={ids.movers} className="font-normal">
                Only headlines past their price-move threshold
              </Label>
              <Switch
                id={ids.movers}
                checked={draft.defaultFilters.onePctMovement === true}
                onCheckedChange={(on) => setFilter('onePctMovement', on)}
              />
            </Row>
          </Group>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {dirty ? (
          <span className="mr-auto text-xs text-muted-foreground" role="status">
            Unsaved changes
          </span>
        ) : null}
        <Button type="button" variant="outline" disabled={!dirty || pending} onClick={() => form.reset(saved)}>
          Discard
        </Button>
        <Button type="submit" disabled={!dirty || pending} data-testid="settings-save">
          {pending ? <Spinner label="Saving" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}
