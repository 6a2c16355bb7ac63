import { createFileRoute, Outlet } from '@tanstack/react-router';
import { newsSettingsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_approved/news/settings')({
  component: NewsSettingsLayout,
});

function NewsSettingsLayout() {
  return (
    <>
      <PageHeader
        title="News Settings"
        description="How headlines are tagged, filtered, ranked and forwarded."
        className="mb-3"
      />
      <SectionTabs label="News Settings" links={newsSettingsLinks} />
      <Outlet />
    </>
  );
}
