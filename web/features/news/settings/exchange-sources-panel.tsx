import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { IMPORTANCE, type Importance } from '@contract/enums';
import {
  ANNOUNCEMENT_EXCHANGE_LABEL,
  ANNOUNCEMENT_EXCHANGES,
  DEFAULT_EXCHANGE_POLL_SECONDS,
  exchangeSourceId,
  type AnnouncementExchange,
} from '@contract/news-pollers';
import type { SetExchangeSourceInput, SourceDto } from '@contract/server-fns/news-sources';
import { NativeSelect, Options } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { errorMessage } from '~/lib/http-error';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import { serverFn } from '~/lib/server-fn';
import { SettingsSection } from './common';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { SourceStatusLine } from '~/shared/news/source-status';

const HOW: Record<AnnouncementExchange, string> = {
  binance: 'Pushed over Binance’s com_announcement_en WebSocket (needs the Binance API key).',
  bybit: 'Polled from Bybit’s public announcements endpoint.',
  okx: 'Polled from OKX’s public announcements endpoint (5 requests / 2 s).',
};
const INTERVALS = [1, 2, 3, 5, 10, 30, 60];

/**
 * Exchange announcements as news sources, one per exchange: listings and delistings become
 * critical headlines tagged with their symbols; other announcements take the importance chosen
 * here. Admins switch each exchange on and pick the poll interval; everyone sees its status.
 */
export function ExchangeSourcesPanel({ canEdit, sources }: { canEdit: boolean; sources: SourceDto[] }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: SetExchangeSourceInput) => serverFn('setExchangeSource', input),
    onSuccess: (source) => toast.success(`${source.name} announcements ${source.enabled ? `on` : 'off'}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not change the exchange source')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.sources }),
  });
  return (
    <SettingsSection
      level={3}
      title="Exchange announcements"
      description="Listings and delistings, the news that moves prices most, straight from each exchange: critical, tagged with their symbols, linked to the announcement."
      testId="exchange-sources"
    >
      <ul className="grid gap-2 sm:grid-cols-3">
        {ANNOUNCEMENT_EXCHANGES.map((exchange) => {
          const source = sources.find((s) => s.id === exchangeSourceId(exchange));
          const enabled = source?.enabled ?? false;
          const interval = Number(source?.config.intervalSeconds ?? DEFAULT_EXCHANGE_POLL_SECONDS);
          const otherImportance = (source?.config.otherImportance as Importance | undefined) ?? 'medium';
          const change = (fields: Partial<SetExchangeSourceInput>) =>
            save.mutate({
              exchange,
              enabled,
              ...(exchange === 'binance' ? {} : { intervalSeconds: interval }),
              otherImportance,
              ...fields,
            });
          return (
            <li
              key={exchange}
              className="grid gap-2 rounded-lg border border-border p-3"
              data-testid={`exchange-source-${exchange}`}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{ANNOUNCEMENT_EXCHANGE_LABEL[exchange]}</span>
                <Switch
                  checked={enabled}
                  disabled={!canEdit || save.isPending}
                  onCheckedChange={(on) => change({ enabled: on })}
                  aria-label={`${ANNOUNCEMENT_EXCHANGE_LABEL[exchange]} announcements`}
                  data-testid={`exchange-enabled-${exchange}`}
                />
              </div>
              <p className="text-xs text-muted-foreground">{HOW[exchange]}</p>
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <SourceStatusLine source={source} />
              </div>
              {canEdit ? (
                <div className="grid grid-cols-2 gap-2 text-xs">
                  {exchange === 'binance' ? (
                    <span className="self-center text-muted-foreground">Pushed: no interval</span>
                  ) : (
                    <label className="grid gap-1">
                      <span className="text-muted-foreground">Poll</span>
                      <NativeSelect
                        value={String(interval)}
                        disabled={save.isPending}
                        onChange={(e) => change({ intervalSeconds: Number(e.target.value) })}
                        aria-label={`${ANNOUNCEMENT_EXCHANGE_LABEL[exchange]} poll interval`}
                        data-testid={`exchange-interval-${exchange}`}
                      >
                        <Options values={INTERVALS} label={(s) => `every ${s} s`} />
                      </NativeSelect>
                    </label>
                  )}
                  <label className="grid gap-1">
                    <span className="text-muted-foreground">Other types</span>
                    <NativeSelect
                      value={otherImportance}
                      disabled={save.isPending}
                      onChange={(e) => change({ otherImportance: e.target.value as Importance })}
                      aria-label={`${ANNOUNCEMENT_EXCHANGE_LABEL[exchange]} importance of other announcements`}
                      data-testid={`exchange-importance-${exchange}`}
                    >
                      <Options values={IMPORTANCE} label={(i) => IMPORTANCE_LABEL[i]} />
                    </NativeSelect>
                  </label>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
