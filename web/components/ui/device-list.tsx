import type { ReactNode } from 'react';
import { Badge } from './badge';

/** The user's own browsers and devices (sign-in sessions, push subscriptions): one bordered list. */
export function DeviceList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-border rounded-lg border border-border">{children}</ul>;
}

/** One device: its name, marked when it is this browser, the lines about it, and its actions on the right. */
export function DeviceRow({
  device,
  current,
  details,
  actions,
  testId,
}: {
  device: string;
  current: boolean;
  details: ReactNode;
  actions: ReactNode;
  testId?: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid={testId}>
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-medium">
          {device}
          {current ? <Badge tone="primary">This browser</Badge> : null}
        </p>
        {details}
      </div>
      {actions}
    </li>
  );
}
