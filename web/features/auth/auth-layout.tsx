import type { ReactNode } from 'react';
import { MeridianMark } from '~/components/layout/meridian-mark';

/** The centred frame of /login and /signup. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center py-6 sm:py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2 text-primary">
          <MeridianMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight text-foreground">Meridian</span>
        </div>
        {children}
      </div>
    </div>
  );
}
