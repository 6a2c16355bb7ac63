import { rootRouteId, useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorActions } from './error-actions';

/** The generic error screen (the router's default errorComponent). */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const isRoot = useMatch({ strict: false, select: (match) => match.routeId === rootRouteId });
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="error-screen"
    >
      <h1 className="text-xl font-semibold">Something went wrong!</h1>
      <ErrorActions error={error} home={isRoot} />
    </section>
  );
}
