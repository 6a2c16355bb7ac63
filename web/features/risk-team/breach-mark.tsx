import type { ReactNode } from 'react';

/** A breach shown with an icon and words, never colour alone (docs/PRODUCT-RULES.md §9). */
export function BreachMark({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-destructive"
      data-hover-title={title}
      data-testid="breach-mark"
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0" fill="currentColor">
        <path d="M8 1 15 14H1z" />
        <path d="M7.25 6h1.5v4h-1.5zM7.25 11h1.5v1.5h-1.5z" fill="var(--color-background, #000)" />
      </svg>
      <span>Breach: {children}</span>
    </span>
  );
}
