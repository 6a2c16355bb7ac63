import { AccountsPageHeader } from '~/components/layout/section-layout';
import { GeneralSettingsForm } from '~/features/news/settings/general-settings-form';

/** The same general news settings as /news/settings/general, inside the dashboard layout. */
export function DashboardNewsSettingsPage() {
  return (
    <>
      <AccountsPageHeader
        title="News Settings"
        description="Your general news settings: sounds, notifications, time format and default feed filters."
      />
      <GeneralSettingsForm />
    </>
  );
}
