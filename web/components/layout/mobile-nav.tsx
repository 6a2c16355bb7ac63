import { Fragment } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuSeparator, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import { buttonClasses } from '~/components/ui/button';
import type { permissions } from '~/lib/user-query';
import { MenuIcon } from './icons';
import { NAV_SECTIONS, TERMINAL_LINK } from './nav-items';
import { NavMenuGroup, NavMenuItem } from './nav-menu-item';

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
          <NavMenuItem link={{ label: 'Home', to: '/' }} />
          {NAV_SECTIONS.filter((section) => can[section.requires]).map((section) => (
            <Fragment key={section.id}>
              <DropdownMenuSeparator />
              <NavMenuGroup label={section.label} links={section.items}>
                {section.groups?.map((group) => (
                  <NavMenuGroup
                    key={group.label}
                    label={group.label}
                    links={group.items}
                    inset
                    labelClassName="normal-case tracking-normal"
                  />
                ))}
              </NavMenuGroup>
            </Fragment>
          ))}
          {can.terminal ? (
            <>
              <DropdownMenuSeparator />
              <NavMenuItem link={TERMINAL_LINK} />
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
