import { Hono } from 'hono';
import { getConfig } from '../env';
import type { AppEnv } from './app-env';

/**
 * GET /api/site: what any page (signed in or not) needs before it paints its title: the site
 * name (docs/PRODUCT-RULES.md §1, the SITE_NAME var). Public and cached briefly: it changes with a deploy.
 */
export const siteRoutes = new Hono<AppEnv>().get('/site', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({ name: getConfig(c.env).SITE_NAME });
});
