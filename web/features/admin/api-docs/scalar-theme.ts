/** Scalar's colours taken from the app's theme variables (web/styles.css), so it follows light/dark. */
export const SCALAR_CSS = `
.light-mode, .dark-mode {
  --scalar-background-1: var(--background);
  --scalar-background-2: var(--card);
  --scalar-background-3: var(--muted);
  --scalar-background-accent: var(--accent);
  --scalar-color-1: var(--foreground);
  --scalar-color-2: var(--muted-foreground);
  --scalar-color-3: var(--muted-foreground);
  --scalar-color-accent: var(--primary);
  --scalar-border-color: var(--border);
  --scalar-font: inherit;
  /* The app's sticky top bar (h-12): Scalar's sticky sidebar starts below it. */
  --scalar-custom-header-height: 3rem;
}
.scalar-app .t-doc__sidebar, .scalar-app .sidebar { --scalar-sidebar-background-1: var(--background); }
`;
