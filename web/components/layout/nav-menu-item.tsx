import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel } from '~/components/ui/dropdown-menu';
import type { NavLink } from './nav-items';

/** One link of a nav dropdown (desktop menus, mobile menu); the current page is bold and coloured. */
export function NavMenuItem({ link, inset }: { link: NavLink; inset?: boolean }) {
  return (
    <DropdownMenuItem asChild inset={inset}>
      <Link
        to={link.to}
        activeOptions={{ exact: true }}
        className="data-[status=active]:font-semibold data-[status=active]:text-primary"
      >
        {link.label}
      </Link>
    </DropdownMenuItem>
  );
}

/** A labelled group of nav links in a dropdown (a section or a sub-group); `children` follow the links. */
export function NavMenuGroup({
  label,
  links,
  inset,
  labelClassName,
  children,
}: {
  label: string;
  links: NavLink[];
  inset?: boolean;
  labelClassName?: string;
  children?: ReactNode;
}) {
  return (
    <DropdownMenuGroup aria-label={label}>
      <DropdownMenuLabel inset={inset} className={labelClassName}>
        {label}
      </DropdownMenuLabel>
      {links.map((link) => (
        <NavMenuItem key={link.to} link={link} inset={inset} />
      ))}
      {children}
    </DropdownMenuGroup>
  );
}
