import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their search and hash', () => {
    expect(safeRedirect('/admin?status=pending#top')).toBe('/admin?status=pending#top');
    expect(safeRedirect('/news/feed')).toBe('/news/feed');
  });

  it('falls back for anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'admin',
      '',
      42,
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/dashboard');
    }
  });

  it('does not loop back to the auth pages', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard');
    expect(safeRedirect('/signup', '/')).toBe('/');
  });
});
