import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { MeridianMark } from '~/components/layout/meridian-mark';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Spinner } from '~/components/ui/spinner';
import { permissions, userQuery } from '~/lib/user-query';
import { AwaitingApproval } from './awaiting-approval';
import type { AuthFormState } from './use-auth-form';

/**
 * The centred frame of /login and /signup. A signed-in but unapproved visitor sees the
 * awaiting-approval panel instead of the form (no bouncing between /login and the page they asked for).
 */
export function AuthFrame({ redirectTo, children }: { redirectTo: string; children: ReactNode }) {
  const { data: user } = useQuery(userQuery);
  return (
    <div className="flex flex-1 flex-col items-center justify-center py-6 sm:py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2 text-primary">
          <MeridianMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight text-foreground">Meridian</span>
        </div>
        {user && !permissions(user).approved ? <AwaitingApproval user={user} redirectTo={redirectTo} /> : children}
      </div>
    </div>
  );
}

/** The email field of both auth forms. */
export function EmailField({ form, autoFocus }: { form: AuthFormState; autoFocus?: boolean }) {
  return (
    <FormField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      autoFocus={autoFocus}
      disabled={form.pending}
      error={form.fields.email}
    />
  );
}

/** The card of an auth form: title, the form's general error, its fields, the submit button and a link below. */
export function AuthCard({
  title,
  description,
  form,
  testId,
  submitLabel,
  pendingLabel,
  alternative,
  children,
}: {
  title: string;
  description: string;
  form: AuthFormState & { onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  testId: string;
  submitLabel: string;
  pendingLabel: string;
  /** The other auth page, offered under the form. */
  alternative: { prompt: string; to: '/login' | '/signup'; label: string };
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={form.onSubmit} noValidate aria-busy={form.pending} data-testid={testId}>
          {form.error ? <Alert data-testid="form-error">{form.error}</Alert> : null}
          {children}
          <Button type="submit" disabled={form.pending} className="w-full">
            {form.pending ? <Spinner label={pendingLabel} className="size-3.5" /> : null}
            {submitLabel}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          {alternative.prompt}{' '}
          <Link to={alternative.to} className="font-medium text-primary underline-offset-4 hover:underline">
            {alternative.label}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
