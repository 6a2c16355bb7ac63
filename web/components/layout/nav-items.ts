import type { permissions } from '~/lib/user-query';
import type { FileRouteTypes } from '~/routeTree.gen';

/** The navigation model (docs/PRODUCT-RULES.md §3 routes): one source for menus, mobile nav and tabs. */
export type Permission = keyof ReturnType<typeof permissions>;

export interface NavLink {
  label: string;
  to: FileRouteTypes['to'];
}

export interface NavGroup {
  label: string;
  items: NavLink[];
}

export interface NavSection {
  id: 'accounts' | 'news' | 'risk-team' | 'admin';
  label: string;
  requires: Permission;
  /** Paths that make this section "current" in the nav. */
  match: string[];
  items: NavLink[];
  groups?: NavGroup[];
}

export const accountsLinks: NavLink[] = [
  { label: 'Overview', to: '/dashboard' },
  { label: 'Charts', to: '/dashboard/charts' },
  { label: 'Performance', to: '/dashboard/performance' },
  { label: 'Live Data', to: '/dashboard/live-data' },
  { label: 'Alerts', to: '/dashboard/alerts' },
];

export const newsSettingsLinks: NavLink[] = [
  { label: 'General Settings', to: '/news/settings/general' },
  { label: 'Custom Rules', to: '/news/settings/custom-rules' },
  { label: 'Mappings & Banned', to: '/news/settings/mappings' },
  { label: 'Telegram Chats', to: '/news/settings/telegram-chats' },
];

export const riskTeamLinks: NavLink[] = [
  { label: 'Overview', to: '/risk-team' },
  { label: 'Risk Trader', to: '/risk-team/risk-trader' },
  { label: 'Charts', to: '/risk-team/charts' },
  { label: 'Account Metrics', to: '/risk-team/metrics' },
  { label: 'Risk Analysis', to: '/risk-team/analysis' },
];

export const adminLinks: NavLink[] = [
  { label: 'Users', to: '/admin' },
  { label: 'Account Assignments', to: '/admin/assignments' },
  { label: 'Todo List', to: '/admin/todo' },
];

export const NAV_SECTIONS: NavSection[] = [
  { id: 'accounts', label: 'Accounts', requires: 'approved', match: ['/dashboard'], items: accountsLinks },
  {
    id: 'news',
    label: 'News',
    requires: 'approved',
    match: ['/news'],
    items: [
      { label: 'Feed', to: '/news/feed' },
      { label: 'Watchlists', to: '/news/watchlists' },
      { label: 'News trades', to: '/news/trades' },
    ],
    groups: [{ label: 'News Settings', items: newsSettingsLinks }],
  },
  { id: 'risk-team', label: 'Risk Team', requires: 'riskTeam', match: ['/risk-team'], items: riskTeamLinks },
  { id: 'admin', label: 'Admin', requires: 'admin', match: ['/admin'], items: adminLinks },
];

export const TERMINAL_LINK: NavLink = { label: 'Terminal', to: '/terminal' };

export function isSectionActive(section: NavSection, pathname: string) {
  return section.match.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
