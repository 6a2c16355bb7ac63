import { Outlet } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { accountsLinks, type NavLink } from './nav-items';
import { PageHeader } from './page';
import { SectionTabs } from './section-tabs';

/** A section's layout route: its header (if any) and tabs above the current child page. */
export function SectionLayout({ label, links, header }: { label: string; links: NavLink[]; header?: ReactNode }) {
  return (
    <>
      {header}
      <SectionTabs label={label} links={links} />
      <Outlet />
    </>
  );
}

/** The Accounts section's tabs, then the page's own header. */
export function AccountsPageHeader(props: ComponentProps<typeof PageHeader>) {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader {...props} />
    </>
  );
}
