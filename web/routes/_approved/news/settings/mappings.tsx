import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_approved/news/settings/mappings')({
  component: MappingsBannedPage,
});

function MappingsBannedPage() {
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="mb-1 text-base font-semibold">
        Mappings & Banned
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Special mappings tag symbols from terms; banned mappings suppress a symbol or mark garbage.
      </p>
      <Placeholder
        items={[
          'Special mappings: terms → symbols',
          'Banned mappings: terms that suppress a symbol',
          'Bulk: add a term to all banned or special mappings',
          'Bulk: add a symbol to all special mappings',
        ]}
      />
    </section>
  );
}
