import { useEffect, useRef } from 'react';

/** The user's name, revealed letter by letter beside the avatar. */
export const REVEAL = { stagger: 0.03, duration: 0.4, ease: 'power2.out', y: 10, threshold: 0.5 } as const;

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Reveals `text` character by character once at least half of it is visible. gsap is imported
 * on demand here (this component only mounts inside the open user menu), so it never ships with
 * the first load. Users who ask for reduced motion see the text at once.
 */
export function NameReveal({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const animate = typeof window !== 'undefined' && !prefersReducedMotion() && typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const element = ref.current;
    if (!element || !animate) return;
    const chars = Array.from(element.querySelectorAll<HTMLElement>('[data-char]'));
    const showAll = () => chars.forEach((char) => (char.style.opacity = '1'));
    let cancelled = false;
    let kill: (() => void) | undefined;

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import('gsap')
          .then(({ gsap }) => {
            if (cancelled) return;
            const tween = gsap.fromTo(
              chars,
              { opacity: 0, y: REVEAL.y },
              {
                opacity: 1,
                y: 0,
                duration: REVEAL.duration,
                ease: REVEAL.ease,
                stagger: REVEAL.stagger,
                clearProps: 'transform',
              },
            );
            kill = () => tween.kill();
          })
          .catch(showAll);
      },
      { threshold: REVEAL.threshold },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      kill?.();
    };
  }, [text, animate]);

  return (
    // The full name is the accessible label; the per-character spans are presentation only.
    <p ref={ref} className={className} aria-label={text} data-testid="user-menu-name">
      {Array.from(text).map((char, index) => (
        <span
          key={index}
          data-char=""
          aria-hidden="true"
          className="inline-block whitespace-pre"
          style={animate ? { opacity: 0 } : undefined}
        >
          {char}
        </span>
      ))}
    </p>
  );
}
