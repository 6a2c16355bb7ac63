import { createFileRoute } from '@tanstack/react-router';
import { MappingsPage } from '~/features/news/settings/mappings-page';

export const Route = createFileRoute('/_approved/news/settings/mappings')({
  component: MappingsPage,
});
