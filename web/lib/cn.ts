import { clsx, type ClassValue } from 'clsx';

/*
 * tailwind-merge (≈ 8 KB gzipped) lets a caller's class override a component's own conflicting one
 * (`<Button className="h-7">` beats the size's `h-9`). It loads with the first signed-in page
 * (the root route awaits loadClassMerge() before rendering one), so the anonymous pages (/login,
 * /signup, home, not-found) do without it: their classes never conflict, and there cn only joins.
 */
let merge: ((classes: string) => string) | null = null;
let loading: Promise<void> | null = null;

export function loadClassMerge(): Promise<void> {
  loading ??= import('tailwind-merge').then(
    ({ twMerge }) => {
      merge = twMerge;
    },
    (error: unknown) => {
      loading = null; // try again on the next navigation
      throw error;
    },
  );
  return loading;
}

/** Joins class names; once tailwind-merge is in, later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  return merge ? merge(classes) : classes;
}
