import { createFileRoute } from '@tanstack/react-router';
import { TodoPage } from '~/features/admin/todo/todo-page';
import { todoAssigneesQuery, todoItemsQuery } from '~/features/admin/todo/todo-queries';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_admin/admin/todo')({
  loader: ({ context }) => ensureQueries(context.queryClient, todoItemsQuery, todoAssigneesQuery),
  component: TodoPage,
});
