import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_admin/admin/assignments')({
  component: AdminAccountAssignmentsPage,
});

function AdminAccountAssignmentsPage() {
  return (
    <>
      <PageHeader title="Account Assignments" description="Which users trade which exchange sub-accounts." />
      <Placeholder items={['Accounts ↔ users, many to many', 'Sync sub-accounts from the exchange', 'Add an account by email']} />
    </>
  );
}
