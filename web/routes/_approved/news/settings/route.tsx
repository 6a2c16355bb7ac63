import { createFileRoute } from '@tanstack/react-router';
import { newsSettingsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionLayout } from '~/components/layout/section-layout';

const header = (
  <PageHeader title="News Settings" description="How headlines are tagged, filtered, ranked and forwarded." className="mb-3" />
);

export const Route = createFileRoute('/_approved/news/settings')({
  component: () => <SectionLayout label="News Settings" links={newsSettingsLinks} header={header} />,
});
