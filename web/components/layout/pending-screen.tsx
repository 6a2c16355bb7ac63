import { Spinner } from '~/components/ui/spinner';

/** Shown when a route takes longer than 1000 ms to load (kept for at least 500 ms; docs/PRODUCT-RULES.md §6). */
export function PendingScreen() {
  return (
    <div
      className="flex flex-1 items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
      data-testid="route-pending"
    >
      <Spinner label="Loading page" />
      Loading…
    </div>
  );
}
