import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';
import { GeneralSettingsForm } from '~/features/news/settings/general-settings-form';

/** The same general news settings as /news/settings/general, inside the dashboard layout. */
export function DashboardNewsSettingsPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader
        title="News Settings"
        description="Your general news settings: sounds, notifications, time format and default feed filters."
      />
      <GeneralSettingsForm />
    </>
  );
}
