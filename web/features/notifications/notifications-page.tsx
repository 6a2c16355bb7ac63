import { PageHeader } from '~/components/layout/page';
import { ChoicesSection } from './choices-section';
import { DevicesSection } from './devices-section';

/** /account/notifications: the devices that get push notifications, and what they get when. */
export function NotificationsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8">
      <PageHeader
        title="Notifications"
        description="Alerts, watchlist hits, fills and breaches on your phone or desktop, with no tab open."
        className="mb-0"
      />
      <DevicesSection />
      <ChoicesSection />
    </div>
  );
}
