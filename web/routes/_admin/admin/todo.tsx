import { createFileRoute } from '@tanstack/react-router';
import { TodoListPage } from '~/features/admin/admin-placeholders';

export const Route = createFileRoute('/_admin/admin/todo')({
  component: TodoListPage,
});
