/**
 * Sets an element's text through its one Text node's `data`: the node (and its layout object) stays,
 * so the next frame reshapes that text alone. `textContent =` would remove the node and insert a new
 * one, which costs a style recalc and new layout objects for every chip on every tick.
 */
export function writeText(el: HTMLElement, text: string) {
  const node = el.firstChild;
  if (node instanceof Text && node === el.lastChild) {
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) el.textContent = text;
}
