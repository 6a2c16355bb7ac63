import { LockIcon } from '~/components/layout/icons';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Switch } from '~/components/ui/switch';
import { cn } from '~/lib/cn';
import type { Role } from '@contract/enums';
import type { User } from '@contract/types';
import { rowAbilities, type UserChanges } from './user-changes';
import { useUsersTable } from './users-table-context';

const pad = (n: number) => String(n).padStart(2, '0');

/** Compact local time, `2026-11-22 14:05`; the exact ISO instant is on hover. */
function formatDateTime(date: Date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function DateCell({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted-foreground">Never</span>;
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()} className="tabular">
      {formatDateTime(date)}
    </time>
  );
}

export function NameCell({ user }: { user: User }) {
  const { me } = useUsersTable();
  const locked = rowAbilities(me, user).lockedReason;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-1.5 font-medium">
        {user.name || <span className="text-muted-foreground">No name</span>}
        {user.id === me.id ? <Badge tone="primary">You</Badge> : null}
      </span>
      {locked ? (
        <span className="flex items-center gap-1 text-xs text-muted-foreground" data-testid={`locked-${user.email}`}>
          <LockIcon className="size-3 shrink-0" />
          {locked}
        </span>
      ) : null}
    </span>
  );
}

export function ApprovedCell({ user }: { user: User }) {
  const { me, requestChange, pendingId } = useUsersTable();
  const can = rowAbilities(me, user);
  const busy = pendingId === user.id;
  return (
    <span className="flex items-center gap-2">
      {user.approved ? <Badge tone="success">Approved</Badge> : <Badge tone="warning">Pending</Badge>}
      <Button
        size="xs"
        variant={user.approved ? 'ghost' : 'default'}
        disabled={busy || !can.canApprove}
        onClick={() => requestChange(user, { approved: !user.approved })}
        aria-label={`${user.approved ? 'Unapprove' : 'Approve'} ${user.email}`}
        title={can.lockedReason ?? undefined}
        data-testid={`approve-${user.email}`}
      >
        {user.approved ? 'Unapprove' : 'Approve'}
      </Button>
    </span>
  );
}

export function RoleCell({ user }: { user: User }) {
  const { me, requestChange, pendingId } = useUsersTable();
  const can = rowAbilities(me, user);
  const busy = pendingId === user.id;
  const allDisabled = can.roleOptions.every((o) => o.disabled || o.role === user.role);
  return (
    <select
      value={user.role}
      aria-label={`Role of ${user.email}`}
      title={can.lockedReason ?? undefined}
      disabled={busy || allDisabled}
      onChange={(event) => requestChange(user, { role: event.target.value as Role })}
      className={cn(
        'h-7 rounded-md border border-input bg-background px-1.5 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-55',
      )}
      data-testid={`role-${user.email}`}
    >
      {can.roleOptions.map((option) => (
        <option key={option.role} value={option.role} disabled={option.disabled}>
          {option.role === 'user' ? 'User' : option.role === 'admin' ? 'Admin' : 'Superadmin'}
        </option>
      ))}
    </select>
  );
}

type FlagKey = 'isRiskTeam' | 'can_use_terminal' | 'disabled';
const FLAG_LABEL: Record<FlagKey, string> = {
  isRiskTeam: 'Risk team',
  can_use_terminal: 'Terminal access',
  disabled: 'Disabled',
};

export function FlagCell({ user, flag }: { user: User; flag: FlagKey }) {
  const { me, requestChange, pendingId } = useUsersTable();
  const can = rowAbilities(me, user);
  const busy = pendingId === user.id;
  const allowed = flag === 'disabled' ? can.canDisable : can.canEditFlags;
  return (
    <Switch
      checked={user[flag]}
      disabled={busy || !allowed}
      onCheckedChange={(checked) => requestChange(user, { [flag]: checked } as UserChanges)}
      aria-label={`${FLAG_LABEL[flag]}: ${user.email}`}
      title={can.lockedReason ?? undefined}
      data-testid={`${flag}-${user.email}`}
      className={flag === 'disabled' ? 'data-[state=checked]:bg-destructive' : undefined}
    />
  );
}
