import type { ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '~/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { Switch } from '~/components/ui/switch';
import { signOut } from '~/lib/sign-out';
import { setTheme, toggleTheme, useTheme } from '~/lib/theme';
import type { User } from '@contract/types';
import { BellIcon, LogOutIcon, MoonIcon, ShieldIcon } from './icons';
import { NameReveal } from './name-reveal';

const roleLabel: Record<User['role'], string> = { user: 'User', admin: 'Admin', superadmin: 'Superadmin' };

/** A menu row that opens one of the user's own account pages. */
function AccountPageItem({
  to,
  icon: Icon,
  label,
  testId,
}: {
  to: '/account/security' | '/account/notifications';
  icon: ComponentType<{ className?: string }>;
  label: string;
  testId: string;
}) {
  return (
    <DropdownMenuItem asChild data-testid={testId}>
      <Link to={to}>
        <Icon className="text-muted-foreground" />
        {label}
      </Link>
    </DropdownMenuItem>
  );
}

export function UserMenu({ user }: { user: User }) {
  const theme = useTheme();
  const displayName = user.name.trim() || 'User';

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="User menu"
        data-testid="user-menu-button"
        className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar name={user.name} email={user.email} image={user.image} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" data-testid="user-menu">
        <div className="flex items-center gap-2.5 px-2 py-2">
          <UserAvatar name={user.name} email={user.email} image={user.image} className="size-9" />
          <div className="min-w-0 flex-1">
            <NameReveal text={displayName} className="truncate text-sm leading-tight font-semibold" />
            <p className="truncate text-xs text-muted-foreground" title={user.email} data-testid="user-menu-email">
              {user.email}
            </p>
            {user.role !== 'user' || !user.approved ? (
              <p className="mt-0.5 text-[0.7rem] text-muted-foreground">
                {user.approved ? roleLabel[user.role] : 'Awaiting approval'}
              </p>
            ) : null}
          </div>
        </div>
        <DropdownMenuSeparator />
        {/*
          The row is the menu item (Enter/Space toggle it from the keyboard); the switch inside is a
          controlled, read-only view of the state whose clicks bubble to the row, so a click on
          either toggles exactly once.
        */}
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            toggleTheme();
          }}
          className="justify-between"
          data-testid="theme-row"
        >
          <span className="flex items-center gap-2">
            <MoonIcon className="text-muted-foreground" />
            Theme
          </span>
          <Switch checked={theme.resolved === 'dark'} tabIndex={-1} aria-label="Toggle dark mode" data-testid="theme-toggle" />
        </DropdownMenuItem>
        <DropdownMenuCheckboxItem
          checked={theme.preference === 'system'}
          onSelect={(event) => event.preventDefault()}
          onCheckedChange={(checked) => setTheme(checked ? 'system' : theme.resolved)}
          className="text-muted-foreground"
        >
          Match system theme
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <AccountPageItem to="/account/security" icon={ShieldIcon} label="Security" testId="security-link" />
        {user.approved ? (
          <AccountPageItem to="/account/notifications" icon={BellIcon} label="Notifications" testId="notifications-link" />
        ) : null}
        <DropdownMenuItem onSelect={() => void signOut()} data-testid="sign-out">
          <LogOutIcon className="text-muted-foreground" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
