import { AuthLinks } from '~/components/layout/auth-links';

/** Shown to anonymous visitors, and when the alert calls answer 401/403 (session over, access removed). */
export function SignInPrompt() {
  return (
    <div className="rounded-lg border border-border bg-card p-5" data-testid="alerts-sign-in-prompt">
      <h2 className="font-semibold">Sign in required</h2>
      <p className="mt-1 text-sm text-muted-foreground">Alerts belong to your accounts: log in to see and set them.</p>
      <AuthLinks redirect="/dashboard/alerts" className="mt-4" />
    </div>
  );
}
