import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { fetchApp, testEnv } from '../test/harness';

describe('GET /api/site', () => {
  it('answers the site name to anyone, cacheable', async () => {
    const res = await fetchApp('/api/site');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.json()).toEqual({ name: 'Meridian' });
  });

  it('follows the SITE_NAME var of the deployment', async () => {
    const env = { ...testEnv, SITE_NAME: 'Acme Desk' };
    const res = await createApp().fetch(new Request('http://localhost/api/site'), env);
    expect(await res.json()).toEqual({ name: 'Acme Desk' });
  });
});
