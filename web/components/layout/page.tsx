import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-4 flex flex-wrap items-end justify-between gap-3', className)}>
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * A tidy placeholder for screens whose features arrive in later issues: what will be here, with no
 * made-up data.
 */
export function Placeholder({
  heading = 'Coming next',
  children,
  items,
  className,
}: {
  heading?: string;
  children?: ReactNode;
  items?: string[];
  className?: string;
}) {
  return (
    <section
      className={cn('rounded-lg border border-dashed border-border bg-card/40 p-5 text-sm', className)}
      aria-label={heading}
      data-testid="page-placeholder"
    >
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</h2>
      {children ? <div className="mt-2 text-muted-foreground">{children}</div> : null}
      {items?.length ? (
        <ul className="mt-3 grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-[0.55em] size-1.5 shrink-0 rounded-full bg-primary/70" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Labelled empty slots for a grid of panes / panels that later issues fill with live data. */
export function SlotGrid({ slots, className }: { slots: { title: string; note?: string }[]; className?: string }) {
  return (
    <div className={cn('grid gap-3 sm:grid-cols-2 xl:grid-cols-4', className)}>
      {slots.map((slot) => (
        <div key={slot.title} className="flex min-h-24 flex-col justify-between rounded-lg border border-border bg-card p-3">
          <span className="text-sm font-medium text-muted-foreground">{slot.title}</span>
          <span className="text-xs text-muted-foreground/80">{slot.note ?? 'Not connected yet'}</span>
        </div>
      ))}
    </div>
  );
}

/** A page whose features arrive in a later issue: its header and what will be on it. */
export function PlaceholderPage({
  title,
  description,
  items,
  className,
}: {
  title: string;
  description: string;
  items: string[];
  className?: string;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Placeholder className={className} items={items} />
    </>
  );
}
