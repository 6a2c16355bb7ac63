import { createFileRoute, redirect } from '@tanstack/react-router';

/** /news/settings is an index that redirects to custom rules. */
export const Route = createFileRoute('/_approved/news/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/news/settings/custom-rules', replace: true });
  },
});
