import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_admin/admin/api-docs')({
  component: AdminAPIDocsPage,
});

function AdminAPIDocsPage() {
  return (
    <>
      <PageHeader title="API Docs" description="The RPC API, generated from the router (OpenAPI 3.1)." />
      <Placeholder items={['Interactive reference of every procedure', 'Loaded only on this page']} />
    </>
  );
}
