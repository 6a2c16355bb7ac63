import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_admin/admin/todo')({
  component: AdminTodoListPage,
});

function AdminTodoListPage() {
  return (
    <>
      <PageHeader title="Todo List" description="The desk’s shared todo list." />
      <Placeholder items={['Title, notes, assignee, due date, priority', 'Mark done, filter and sort']} />
    </>
  );
}
