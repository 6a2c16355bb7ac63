import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { buttonClasses } from '~/components/ui/button';
import type { permissions } from '~/lib/user-query';
import { MenuIcon } from './icons';
import { NAV_SECTIONS, TERMINAL_LINK, type NavLink } from './nav-items';

function Item({ link, inset }: { link: NavLink; inset?: boolean }) {
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

/** Below the lg breakpoint the whole navigation collapses into one menu button. */
export function MobileNav({ can }: { can: ReturnType<typeof permissions> }) {
  return (
    <div className="lg:hidden">
      <DropdownMenu>
        <DropdownMenuTrigger
          className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          aria-label="Open menu"
          data-testid="mobile-menu-button"
        >
          <MenuIcon className="size-5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <Item link={{ label: 'Home', to: '/' }} />
          {NAV_SECTIONS.filter((section) => can[section.requires]).map((section) => (
            <Fragment key={section.id}>
              <DropdownMenuSeparator />
              <DropdownMenuGroup aria-label={section.label}>
                <DropdownMenuLabel>{section.label}</DropdownMenuLabel>
                {section.items.map((item) => (
                  <Item key={item.to} link={item} />
                ))}
                {section.groups?.map((group) => (
                  <DropdownMenuGroup key={group.label} aria-label={group.label}>
                    <DropdownMenuLabel inset className="normal-case tracking-normal">
                      {group.label}
                    </DropdownMenuLabel>
                    {group.items.map((item) => (
                      <Item key={item.to} link={item} inset />
                    ))}
                  </DropdownMenuGroup>
                ))}
              </DropdownMenuGroup>
            </Fragment>
          ))}
          {can.terminal ? (
            <>
              <DropdownMenuSeparator />
              <Item link={TERMINAL_LINK} />
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
