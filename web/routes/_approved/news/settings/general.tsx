import { createFileRoute } from '@tanstack/react-router';
import { GeneralSettingsPage } from '~/features/news/settings/general-page';

export const Route = createFileRoute('/_approved/news/settings/general')({
  component: GeneralSettingsPage,
});
