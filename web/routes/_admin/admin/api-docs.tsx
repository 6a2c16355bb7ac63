import { createFileRoute } from '@tanstack/react-router';
import { ApiDocsPage } from '~/features/admin/admin-placeholders';

export const Route = createFileRoute('/_admin/admin/api-docs')({
  component: ApiDocsPage,
});
