import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from '~/components/layout/icons';
import { NAV_SECTIONS, TERMINAL_LINK, type NavLink } from '~/components/layout/nav-items';
import { AuthLinks } from '~/components/layout/auth-links';
import { permissions, userQuery } from '~/lib/user-query';

const FEATURES = [
  {
    title: 'Live sub-accounts',
    text: 'Balances, unrealized PnL, leverage and positions of your exchange sub-accounts, streaming live and charted over any date range.',
  },
  {
    title: 'Symbol-tagged news',
    text: 'A real-time feed that tags each headline with the symbols it moves and an importance, faster than reading X or Telegram yourself.',
  },
  { title: 'Risk view', text: 'The risk team sees every trader at once: exposure, drawdown, leverage and limit breaches.' },
  { title: 'Administration', text: 'Admins approve sign-ups, grant access, assign sub-accounts and keep the desk’s todo list.' },
];

interface Destination {
  title: string;
  text: string;
  link: NavLink;
}

function destinations(can: ReturnType<typeof permissions>): Destination[] {
  const text: Record<string, string> = {
    accounts: 'Overview, charts, live data and alerts for your sub-accounts.',
    news: 'The live news feed and its settings: rules, mappings, Telegram chats.',
    'risk-team': 'Firm-wide exposure, per-trader risk, metrics and analysis.',
    admin: 'Users and approvals, account assignments and the todo list.',
  };
  const out: Destination[] = NAV_SECTIONS.filter((s) => can[s.requires]).map((s) => ({
    title: s.label,
    text: text[s.id] ?? '',
    link: s.items[0]!,
  }));
  if (can.terminal) out.push({ title: 'Terminal', text: 'Full-screen, keyboard-driven live news trading.', link: TERMINAL_LINK });
  return out;
}

/** / (home): what Meridian does, and where a signed-in user goes next. */
export function HomePage() {
  const { data: user } = useQuery(userQuery);
  const can = permissions(user);
  const cards = destinations(can);

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3 pt-2 sm:pt-6">
        <p className="text-xs font-semibold tracking-widest text-primary uppercase">Meridian</p>
        <h1 className="max-w-3xl text-2xl font-semibold tracking-tight sm:text-3xl">
          The trading desk’s platform for crypto sub-accounts, news and risk.
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Meridian brings your exchange sub-accounts, a real-time symbol-tagged news feed, a firm-wide risk view and desk
          administration into one calm, fast screen.
        </p>
        {!user ? (
          <AuthLinks className="mt-2" />
        ) : null}
      </section>

      {user ? (
        <section aria-labelledby="home-open" className="flex flex-col gap-3">
          <h2 id="home-open" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {can.approved ? `Welcome back${user.name ? `, ${user.name.split(/\s+/)[0]}` : ''}` : 'Your account'}
          </h2>
          {can.approved ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-destinations">
              {cards.map((card) => (
                <li key={card.title}>
                  <Link
                    to={card.link.to}
                    className="group flex h-full flex-col gap-1.5 rounded-lg border border-border bg-card p-4 transition-colors outline-none hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="flex items-center justify-between font-semibold">
                      {card.title}
                      <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary" />
                    </span>
                    <span className="text-sm text-muted-foreground">{card.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm" data-testid="home-awaiting-approval">
              <p className="font-medium">Awaiting approval</p>
              <p className="mt-1 text-muted-foreground">
                An admin must approve your account before you can open dashboards and the news feed.{' '}
                <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                  Check your status
                </Link>
              </p>
            </div>
          )}
        </section>
      ) : null}

      <section aria-labelledby="home-features" className="flex flex-col gap-3">
        <h2 id="home-features" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          What Meridian does
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-border bg-card p-4">
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="mt-1.5 text-sm text-muted-foreground">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
