import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import type { NavLink } from './nav-items';

export const navItemClasses =
  'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[active=true]:text-foreground data-[state=open]:bg-accent data-[state=open]:text-foreground';

/** A top-level nav link; `activeOptions.exact` so Home is only current on /. */
export function TopNavLink({ to, children, exact = false }: { to: NavLink['to']; children: ReactNode; exact?: boolean }) {
  return (
    <Link
      to={to}
      activeOptions={{ exact }}
      className={cn(navItemClasses, 'data-[status=active]:bg-accent data-[status=active]:text-foreground')}
    >
      {children}
    </Link>
  );
}
