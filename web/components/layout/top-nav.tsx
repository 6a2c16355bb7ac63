import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '~/components/ui/button';
import { permissions, userQuery } from '~/lib/user-query';
import { MeridianMark } from './meridian-mark';
import { TopNavLink } from './nav-link';
import { useSignedInNav } from './signed-in-chunks';

/** The top navigation bar: the app's sections, the theme and the user menu. */
export function TopNav() {
  const { data: user } = useQuery(userQuery);
  const can = permissions(user);
  // Menus and the user menu come in a separate chunk: anonymous pages ship no Radix menus or gsap.
  const signedIn = useSignedInNav(!!user);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-nav backdrop-blur supports-[backdrop-filter]:bg-nav">
      <div className="mx-auto flex h-12 w-full max-w-[96rem] items-center gap-1 px-3 sm:px-6">
        <Link
          to="/"
          className="mr-2 flex items-center gap-2 rounded-md px-1 py-1 font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Meridian"
        >
          <MeridianMark className="size-6 text-primary" />
          <span className="hidden sm:inline">Meridian</span>
        </Link>

        <nav
          aria-label="Main"
          className={can.approved ? 'hidden items-center gap-0.5 lg:flex' : 'flex items-center gap-0.5'}
          data-testid="main-nav"
        >
          <TopNavLink to="/" exact>
            Home
          </TopNavLink>
          {can.approved && signedIn ? <signedIn.DesktopMenus can={can} /> : null}
          {can.terminal ? <TopNavLink to="/terminal">Terminal</TopNavLink> : null}
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          {user ? (
            signedIn ? (
              <signedIn.UserMenu user={user} />
            ) : (
              <span className="size-8 rounded-full bg-muted" aria-hidden="true" />
            )
          ) : (
            <>
              <Link
                to="/login"
                className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'data-[status=active]:bg-accent' })}
              >
                Login
              </Link>
              <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
                Sign Up
              </Link>
            </>
          )}
          {can.approved && signedIn ? <signedIn.MobileNav can={can} /> : null}
        </div>
      </div>
    </header>
  );
}
