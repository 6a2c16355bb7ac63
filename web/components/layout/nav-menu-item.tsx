import { Link } from '@tanstack/react-router';
import { DropdownMenuItem } from '~/components/ui/dropdown-menu';
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
