import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '~/features/admin/audit/audit-page';

export const Route = createFileRoute('/_admin/admin/audit')({
  component: AuditPage,
});
