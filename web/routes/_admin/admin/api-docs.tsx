import { createFileRoute } from '@tanstack/react-router';
import { ApiDocsPage } from '~/features/admin/api-docs/api-docs-page';
import { openApiDocumentQuery } from '~/features/admin/api-docs/openapi-query';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_admin/admin/api-docs')({
  loader: ({ context }) => ensureQueries(context.queryClient, openApiDocumentQuery),
  component: ApiDocsPage,
});
