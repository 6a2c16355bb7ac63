import { useLocation } from '@tanstack/react-router';
import { Fragment } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuSeparator, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import type { permissions } from '~/lib/user-query';
import { ChevronDown } from './icons';
import { isSectionActive, NAV_SECTIONS } from './nav-items';
import { NavMenuGroup, NavMenuItem } from './nav-menu-item';
import { navItemClasses } from './nav-link';

/** Accounts, News, Risk Team and Admin menus (Radix: arrow keys, Enter/Space, Esc, typeahead). */
export function DesktopMenus({ can }: { can: ReturnType<typeof permissions> }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <>
      {NAV_SECTIONS.filter((section) => can[section.requires]).map((section) => (
        <DropdownMenu key={section.id} modal={false}>
          <DropdownMenuTrigger
            className={navItemClasses}
            data-active={isSectionActive(section, pathname)}
            data-testid={`nav-menu-${section.id}`}
          >
            {section.label}
            <ChevronDown className="size-3.5 opacity-70" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-56">
            {section.items.map((item) => (
              <NavMenuItem key={item.to} link={item} />
            ))}
            {section.groups?.map((group) => (
              <Fragment key={group.label}>
                <DropdownMenuSeparator />
                <NavMenuGroup label={group.label} links={group.items} />
              </Fragment>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ))}
    </>
  );
}
