import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root for each test of a jsdom suite: a fresh element on the page before each test,
 * unmounted after it with the page emptied (dialogs portal to the body). `remount` starts a new
 * root in the same element within a test.
 */
export function reactRootPerTest() {
  const page = {
    host: document.createElement('div'),
    root: undefined as unknown as Root,
    remount() {
      act(() => page.root.unmount());
      page.root = createRoot(page.host);
    },
  };
  beforeEach(() => {
    page.host = document.createElement('div');
    document.body.append(page.host);
    page.root = createRoot(page.host);
  });
  afterEach(() => {
    act(() => page.root.unmount());
    document.body.innerHTML = '';
  });
  return page;
}
