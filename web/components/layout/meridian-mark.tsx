/** The Meridian mark: a globe with its prime meridian (same drawing as public/favicon.svg). */
export function MeridianMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" fill="none" className={className} aria-hidden="true">
      <circle cx="16" cy="16" r="12.5" stroke="currentColor" strokeWidth="2.5" />
      <path
        d="M16 3.5c-4.2 3.4-6.3 7.6-6.3 12.5s2.1 9.1 6.3 12.5"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        opacity="0.55"
      />
      <path d="M16 3.5v25" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M4.5 16h23" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" opacity="0.55" />
    </svg>
  );
}
