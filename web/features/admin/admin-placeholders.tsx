import { PlaceholderPage } from '~/components/layout/page';

/** Admin pages that arrive with the admin issue (PRODUCT.md §7). */
export function ApiDocsPage() {
  return (
    <PlaceholderPage
      title="API Docs"
      description="The RPC API, generated from the router (OpenAPI 3.1)."
      items={['Interactive reference of every procedure', 'Loaded only on this page']}
    />
  );
}
