import { Link, useRouter } from '@tanstack/react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { useBareLayout } from './app-shell';
import { MeridianMark } from './meridian-mark';

/** The generic not-found screen (the router's default notFoundComponent). */
export function NotFound() {
  const router = useRouter();
  useBareLayout();
  return (
    <section
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="not-found"
    >
      <MeridianMark className="size-10 text-primary" />
      <p className="font-mono text-sm text-muted-foreground tabular">404</p>
      <h1 className="text-xl font-semibold">The page you are looking for does not exist.</h1>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => router.history.back()}>
          Go back
        </Button>
        <Link to="/" className={buttonClasses()}>
          Home
        </Link>
      </div>
    </section>
  );
}
