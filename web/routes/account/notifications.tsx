import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '~/features/notifications/notifications-page';
import { pushSettingsQuery } from '~/features/notifications/push-queries';
import { ensureQueries } from '~/lib/ensure-queries';
import { requireAccess } from '~/lib/guards';

export const Route = createFileRoute('/account/notifications')({
  beforeLoad: (args) => requireAccess('approved', args),
  loader: ({ context }) => ensureQueries(context.queryClient, pushSettingsQuery),
  component: NotificationsPage,
});
