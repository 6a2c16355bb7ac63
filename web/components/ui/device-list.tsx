import type { ReactNode } from 'react';
import { Badge } from './badge';

/** The user's own browsers, devices and keys (sign-in sessions, push subscriptions, second factors): one bordered list. */
export function DeviceList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-border rounded-lg border border-border">{children}</ul>;
}

/** The mark of the row that is this very browser. */
export const thisBrowserTag = (current: boolean) => (current ? <Badge tone="primary">This browser</Badge> : null);

/** One device: its name and a tag after it, the lines about it, and its actions on the right. */
export function DeviceRow({
  device,
  tag,
  details,
  actions,
  testId,
}: {
  device: string;
  tag: ReactNode;
  details: ReactNode;
  actions: ReactNode;
  testId?: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid={testId}>
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-medium">
          {device}
          {tag}
        </p>
        {details}
      </div>
      {actions}
    </li>
  );
}
