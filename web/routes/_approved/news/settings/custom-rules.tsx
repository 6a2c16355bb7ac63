import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_approved/news/settings/custom-rules')({
  component: CustomRulesPage,
});

function CustomRulesPage() {
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="mb-1 text-base font-semibold">
        Custom Rules
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Conditions on source, text or symbols that set importance, mark garbage, forward to Telegram or play a sound.
      </p>
      <Placeholder
        items={[
          'Create, edit, enable and delete rules',
          'Conditions: source, text or regex, symbols',
          'Actions: importance, garbage, forward, sound',
          'Rule order and test against a headline',
        ]}
      />
    </section>
  );
}
