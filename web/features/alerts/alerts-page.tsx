import { useQuery } from '@tanstack/react-query';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';
import { Spinner } from '~/components/ui/spinner';
import { permissions, userQuery } from '~/lib/user-query';
import { AlertsContent } from './alerts-content';
import { SignInPrompt } from './sign-in-prompt';

/*
 * /dashboard/alerts has no guard (docs/PRODUCT-RULES.md §3) in the route itself. The page renders for anyone;
 * its data calls are checked on the server, and visitors who may not see alerts get a prompt.
 */
export function AlertsPage() {
  const { data: user, isPending } = useQuery(userQuery);
  const can = permissions(user);

  return (
    <>
      {can.approved ? <SectionTabs label="Accounts" links={accountsLinks} /> : null}
      <PageHeader title="Alerts" description="Rules on your account metrics, and the alerts they fired." />
      {isPending ? (
        <Spinner label="Loading alerts" />
      ) : !user ? (
        <SignInPrompt />
      ) : !can.approved ? (
        <div className="rounded-lg border border-warning/40 bg-warning/10 p-5" data-testid="alerts-awaiting-approval">
          <h2 className="font-semibold">Awaiting approval</h2>
          <p className="mt-1 text-sm text-muted-foreground">An admin must approve your account before you can set alerts.</p>
        </div>
      ) : (
        <AlertsContent />
      )}
    </>
  );
}
