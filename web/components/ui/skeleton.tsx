import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** A grey placeholder block shown while data loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** `count` placeholder cards (bordered, like the cards they stand for), each with a Skeleton bar per class in `bars`. */
export function SkeletonCards({ count, className, bars }: { count: number; className: string; bars: string[] }) {
  return Array.from({ length: count }, (_, i) => (
    <div key={i} className={cn('rounded-lg border border-border bg-card', className)}>
      {bars.map((bar, j) => (
        <Skeleton key={j} className={bar} />
      ))}
    </div>
  ));
}
