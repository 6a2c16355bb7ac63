/**
 * Hover titles for live figures. A `title` attribute that changes on every tick costs a style
 * recalculation of its element each time (Tailwind's preflight styles `abbr:where([title])`, so
 * Chromium invalidates any element whose title changes): on the risk overview that was about 150
 * elements per tick. Live figures carry their title as `data-hover-title` instead, which no style
 * reads, and one listener copies it into `title` as the pointer comes over the element, before the
 * browser shows its tooltip.
 */
export function installHoverTitles(target: Document = document) {
  target.addEventListener(
    'pointerover',
    (event) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-hover-title]') : null;
      const title = el?.dataset.hoverTitle;
      if (el && title !== undefined && el.title !== title) el.title = title;
    },
    { passive: true },
  );
}
