import { createFileRoute, Outlet } from '@tanstack/react-router';
import { adminLinks } from '~/components/layout/nav-items';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_admin/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <>
      <SectionTabs
        label="Admin"
        links={[...adminLinks, { label: 'Audit Trail', to: '/admin/audit' }, { label: 'API Docs', to: '/admin/api-docs' }]}
      />
      <Outlet />
    </>
  );
}
