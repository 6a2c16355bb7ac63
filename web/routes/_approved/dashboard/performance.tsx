import { createFileRoute } from '@tanstack/react-router';
import { PerformancePage } from '~/features/accounts/performance/performance-page';

export const Route = createFileRoute('/_approved/dashboard/performance')({
  component: PerformancePage,
});
