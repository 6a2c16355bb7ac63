import { Link } from '@tanstack/react-router';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** "Log in" and "Create an account" for anonymous visitors (home, pages that need a session). */
export function AuthLinks({ redirect, className }: { redirect?: string; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Link to="/login" search={redirect ? { redirect } : {}} className={buttonClasses()}>
        Log in
      </Link>
      <Link to="/signup" className={buttonClasses({ variant: 'outline' })}>
        Create an account
      </Link>
    </div>
  );
}
