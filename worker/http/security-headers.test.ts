import { describe, expect, it } from 'vitest';
import { fetchApp } from '../test/harness';
import { createApp } from '../app';
import { SECURITY_HEADERS } from './security-headers';
import staticHeaders from '../../public/_headers?raw';

describe('security headers', () => {
  it('sets CSP (self only, no framing), nosniff, referrer policy and a request id on API responses', async () => {
    const res = await fetchApp('/api/health');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    // Errors carry them too.
    expect((await fetchApp('/api/missing')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the health answer (built before the app) carries the same headers and body as the app would give it', async () => {
    const fast = await fetchApp('/api/health?probe=1');
    const routed = await createApp().request('/api/health');
    expect(await fast.json()).toEqual(await routed.json());
    for (const name of [...Object.keys(SECURITY_HEADERS), 'content-type'])
      expect(fast.headers.get(name), name).toBe(routed.headers.get(name));
    expect(fast.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(fast.headers.get('x-request-id')).not.toBe((await fetchApp('/api/health')).headers.get('x-request-id'));
    // Only GET /api/health itself: a longer path is not it.
    expect((await fetchApp('/api/healthz')).status).toBe(404);
  });

  it('gives the static SPA files the same headers (public/_headers)', () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(staticHeaders).toContain(`${name}: ${value}`);
  });
});
