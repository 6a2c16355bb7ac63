import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { cn } from '~/lib/cn';
import type { NavLink } from './nav-items';

/** The sub-navigation of a section (Accounts, News Settings, Risk Team, Admin) as a row of links. */
export function SectionTabs({ label, links, className }: { label: string; links: NavLink[]; className?: string }) {
  const ref = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  // On a narrow screen the row scrolls sideways: keep the current tab in view. Only sideways
  // (scrollIntoView would scroll the page's scroll containers too). Measured in the next frame: read
  // in the effect, the rects forced the new page's layout inside the click that navigated.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const nav = ref.current;
      const active = nav?.querySelector<HTMLElement>('[data-status="active"]');
      if (!nav || !active) return;
      const tab = active.getBoundingClientRect();
      const row = nav.getBoundingClientRect();
      if (tab.left < row.left) nav.scrollLeft += tab.left - row.left;
      else if (tab.right > row.right) nav.scrollLeft += tab.right - row.right;
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  // shrink-0: in a full-height page a scrolling row has no minimum height and was squeezed to half.
  return (
    <nav ref={ref} aria-label={label} className={cn('-mx-1 mb-4 shrink-0 overflow-x-auto', className)}>
      <ul className="flex min-w-max gap-1 border-b border-border px-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              activeOptions={{ exact: true, includeSearch: false }}
              className="-mb-px inline-flex h-9 items-center border-b-2 border-transparent px-2.5 text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:border-primary data-[status=active]:font-medium data-[status=active]:text-foreground"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
