import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_approved/news/settings/general')({
  component: GeneralSettingsPage,
});

function GeneralSettingsPage() {
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="mb-1 text-base font-semibold">
        General Settings
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">Your personal feed preferences.</p>
      <Placeholder items={['Sound per importance', 'Desktop notifications', 'Default filters for the feed', 'Time format']} />
    </section>
  );
}
