import { createFileRoute } from '@tanstack/react-router';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader, Placeholder } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_approved/dashboard/news_settings')({
  component: DashboardNewsSettingsPage,
});

function DashboardNewsSettingsPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader title="News Settings" description="Your general news settings, inside the dashboard." />
      <Placeholder items={['Sound per importance', 'Desktop notifications', 'Default feed filters', 'Time format']} />
    </>
  );
}
