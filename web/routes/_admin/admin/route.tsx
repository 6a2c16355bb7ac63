import { createFileRoute } from '@tanstack/react-router';
import { adminLinks, type NavLink } from '~/components/layout/nav-items';
import { SectionLayout } from '~/components/layout/section-layout';

const links: NavLink[] = [
  ...adminLinks,
  { label: 'Audit Trail', to: '/admin/audit' },
  { label: 'API Docs', to: '/admin/api-docs' },
];

export const Route = createFileRoute('/_admin/admin')({
  component: () => <SectionLayout label="Admin" links={links} />,
});
