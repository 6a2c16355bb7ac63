import { createFileRoute } from '@tanstack/react-router';
import { CustomRulesPage } from '~/features/news/settings/custom-rules-page';

export const Route = createFileRoute('/_approved/news/settings/custom-rules')({
  component: CustomRulesPage,
});
