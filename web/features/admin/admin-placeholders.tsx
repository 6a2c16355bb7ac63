import { PlaceholderPage } from '~/components/layout/page';

/** Admin pages that arrive with the admin issue (PRODUCT.md §7). */
export function TodoListPage() {
  return (
    <PlaceholderPage
      title="Todo List"
      description="The desk’s shared todo list."
      items={['Title, notes, assignee, due date, priority', 'Mark done, filter and sort']}
    />
  );
}

export function ApiDocsPage() {
  return (
    <PlaceholderPage
      title="API Docs"
      description="The RPC API, generated from the router (OpenAPI 3.1)."
      items={['Interactive reference of every procedure', 'Loaded only on this page']}
    />
  );
}
