import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ScrollingPage } from '~/components/layout/page';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { QueryError } from '~/components/ui/error-state';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { ChoiceField, type Choice } from '~/components/ui/select-field';
import { Skeleton } from '~/components/ui/skeleton';
import { BreachList } from './breach-list';
import { LimitsEditor } from './limits-editor';
import { RISK_LIMIT_KINDS } from '@contract/enums';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { breachesQuery, type LimitKind } from './risk-queries';

type Status = 'open' | 'closed' | 'all';
const KIND_CHOICES: Choice<LimitKind | ''>[] = [
  { value: '', label: 'Every limit' },
  ...RISK_LIMIT_KINDS.map((k) => ({ value: k, label: LIMIT_LABELS[k] })),
];

/** /risk-team/alerts: breach episodes (open and past, filterable, acknowledgeable) and the limits editor. */
export function RiskAlertsPage() {
  const query = useQuery(breachesQuery);
  const [status, setStatus] = useState<Status>('open');
  const [kind, setKind] = useState<LimitKind | ''>('');
  const shown = useMemo(
    () =>
      (query.data ?? []).filter(
        (b) => (status === 'all' || (status === 'open') === (b.closedAt === null)) && (kind === '' || b.kind === kind),
      ),
    [query.data, status, kind],
  );
  return (
    <ScrollingPage
      title="Risk Alerts"
      description="Limit breaches across the firm, as episodes: opened once, updated while they last, closed when back inside. Also sent to the risk Telegram chats."
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
            <CardTitle>Breaches</CardTitle>
            <div className="flex flex-wrap items-end gap-3">
              <SegmentedControl
                label="Status"
                value={status}
                onChange={setStatus}
                options={[
                  { value: 'open', label: 'Open' },
                  { value: 'closed', label: 'Closed' },
                  { value: 'all', label: 'All' },
                ]}
              />
              <ChoiceField label="Limit" value={kind} options={KIND_CHOICES} onChange={setKind} />
            </div>
          </CardHeader>
          <CardContent>
            {query.isError ? (
              <QueryError query={query} what="the breaches" />
            ) : query.isPending ? (
              <Skeleton className="h-40" />
            ) : (
              <BreachList breaches={shown} showTrader />
            )}
          </CardContent>
        </Card>
        <LimitsEditor />
      </div>
    </ScrollingPage>
  );
}
