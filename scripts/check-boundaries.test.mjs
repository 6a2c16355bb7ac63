// Proves the import boundaries of .dependency-cruiser.mjs refuse what they must (and only that):
// a scratch tree gets one planted violation per rule next to imports the rules allow, and
// dependency-cruiser, run with the repository's own rules, must report exactly the planted ones.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** path → source; every import below is either planted (see `expected`) or allowed. */
const TREE = {
  // Handlers and the layers below them.
  'worker/rpc/router.ts': 'export const router = 1;',
  'worker/http/auth/routes.ts': 'export const authRoutes = 1;',
  'worker/db/client.ts': 'export const createDb = 1;',
  'worker/lib/log.ts': "import { ALLOWED } from '../contract/enums';\nexport const log = ALLOWED;",
  'worker/domains/news/feed.ts': [
    "import { Hono } from 'hono';", // planted: transport package below the handlers
    "import { router } from '../../rpc/router';", // planted: a handler below the handlers
    "import { createDb } from '../../db/client';",
    "import { log } from '../../lib/log';",
    "import { ALLOWED } from '../../contract/enums';",
    'export const feed = [Hono, router, createDb, log, ALLOWED];',
  ].join('\n'),
  'worker/cron/jobs.ts': "import { authRoutes } from '../http/auth/routes';\nexport const jobs = authRoutes;", // planted
  'worker/providers/x/client.ts': "import { feed } from '../../domains/news/feed';\nexport const client = feed;", // planted: adapter above a domain
  'worker/lib/bad.ts': "import { createDb } from '../db/client';\nexport const bad = createDb;", // planted: lib reaching into db
  // The wiring layer reads bindings; domains receive what it builds.
  'worker/wiring/hubs.ts': "import { env } from 'cloudflare:workers';\nexport const hubs = env;",
  'worker/cron/tick.ts': "import { hubs } from '../wiring/hubs';\nexport const tick = hubs;",
  'worker/domains/orders/publish.ts': [
    "import { env } from 'cloudflare:workers';", // planted: a domain reading the runtime's bindings
    "import { hubs } from '../../wiring/hubs';", // planted: a domain reaching for the wiring
    'export const publish = [env, hubs];',
  ].join('\n'),
  'worker/domains/orders/publish.test.ts': "import { env } from 'cloudflare:workers';\nexport const t = env;",
  // The contract: zod, @orpc/contract and itself only.
  'worker/contract/enums.ts': "export const ALLOWED = ['a'] as const;",
  'worker/contract/news.ts': [
    "import { oc } from '@orpc/contract';",
    "import { z } from 'zod';",
    "import { ALLOWED } from './enums';",
    "import { createDb } from '../db/client';", // planted: the contract importing the database
    'export const news = [oc, z, ALLOWED, createDb];',
  ].join('\n'),
  // A type-only cycle, like env.ts ↔ the session type once was.
  'worker/env.ts': "import type { Session } from './domains/auth/access';\nexport type Env = { session: Session };",
  'worker/domains/auth/access.ts': "import type { Env } from '../../env';\nexport type Session = { env?: Env };",
  // The web: only the contract and the error catalogue of the worker.
  'worker/lib/error-catalogue.ts': 'export const ERROR_CATALOGUE = {};',
  'web/lib/api.ts': [
    "import type { news } from '../../worker/contract/news';",
    "import { ERROR_CATALOGUE } from '../../worker/lib/error-catalogue';",
    "import { feed } from '../../worker/domains/news/feed';", // planted: web importing a domain
    'export const api: [typeof news, unknown, unknown] = [[], ERROR_CATALOGUE, feed];',
  ].join('\n'),
  // Shared web code (components, lib) sits below the shared layer and features, and features below routes.
  'web/components/ui/button.tsx': "import { api } from '../../lib/api';\nexport const Button = api;",
  'web/features/alerts/rules.ts': [
    "import { Button } from '../../components/ui/button';",
    "import { api } from '../../lib/api';",
    "import type { news } from '../../../worker/contract/news';",
    'export const rules: [unknown, unknown, typeof news | null] = [Button, api, null];',
  ].join('\n'),
  'web/components/ui/rule-badge.tsx': "import { rules } from '../../features/alerts/rules';\nexport const RuleBadge = rules;", // planted: shared UI importing a feature
  'web/lib/links.ts': "import { Route } from '../routes/alerts/index';\nexport const links = Route;", // planted: lib importing a route
  'web/components/ui/figure.tsx': "import { Pnl } from '../../shared/pnl';\nexport const Figure = Pnl;", // planted: shared UI importing the shared layer
  // The shared layer: what several features use; it sits above components and lib, below features.
  'web/shared/pnl.tsx': "import { Button } from '../components/ui/button';\nexport const Pnl = Button;",
  'web/shared/orders/orders-table.tsx': [
    "import { Pnl } from '../pnl';",
    "import { api } from '../../lib/api';",
    "import { rules } from '../../features/alerts/rules';", // planted: the shared layer importing a feature
    'export const OrdersTable = [Pnl, api, rules];',
  ].join('\n'),
  // Features: their own folders (sub-folders included), the shared layer, components and lib; no other feature.
  'web/features/alerts/history/list.tsx': "import { rules } from '../rules';\nexport const list = rules;",
  'web/features/risk-team/page.tsx': [
    "import { Pnl } from '../../shared/pnl';",
    "import { Route } from '../../routes/alerts/index';", // planted: a feature importing a route
    "import { list } from '../alerts/history/list';", // planted: a feature importing another feature
    'export const page = [Pnl, Route, list];',
  ].join('\n'),
  // Group folders (news/, admin/) hold features: news/feed and news/settings are two.
  'web/features/news/feed/row.tsx': "import { OrdersTable } from '../../../shared/orders/orders-table';\nexport const Row = OrdersTable;",
  'web/features/news/settings/page.tsx': "import { Row } from '../feed/row';\nexport const page = Row;", // planted: a sibling feature of the group
  'web/features/news/tags.ts': "import { Pnl } from '../../shared/pnl';\nexport const tags = Pnl;", // planted: a file in a group folder, in no feature
  'web/routes/news/index.tsx': [
    "import { Row } from '../../features/news/feed/row';",
    "import { page } from '../../features/news/settings/page';",
    'export const Route = [Row, page];', // a route composes features
  ].join('\n'),
  // Routes: their own -components and their ancestors' are theirs; a sibling's are not.
  'web/routes/-components/form-field.tsx': 'export const FormField = 1;',
  'web/routes/alerts/-components/rule-list.tsx':
    "import { FormField } from '../../-components/form-field';\nexport const RuleList = FormField;",
  'web/routes/alerts/-components/rule-form.tsx': "import { RuleList } from './rule-list';\nexport const RuleForm = RuleList;",
  'web/routes/alerts/index.tsx': "import { RuleList } from './-components/rule-list';\nexport const Route = RuleList;",
  'web/routes/alerts/history/index.tsx': "import { RuleForm } from '../-components/rule-form';\nexport const Route = RuleForm;",
  'web/routes/admin/index.tsx': [
    "import { FormField } from '../-components/form-field';",
    "import { RuleForm } from '../alerts/-components/rule-form';", // planted: another route's private parts
    'export const Route = [FormField, RuleForm];',
  ].join('\n'),
};

let root;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, source] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${source}\n`);
  }
  // hono, zod and @orpc/contract resolve as they do in the repository.
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import boundaries (.dependency-cruiser.mjs)', () => {
  it('refuses every planted violation, and nothing else', async () => {
    const { tsConfig: _tsConfig, ...options } = config.options;
    const { output } = await cruise(['worker', 'web'], {
      ...options,
      baseDir: root,
      preserveSymlinks: true,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      outputType: 'json',
    });
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    const found = result.summary.violations
      .map(({ rule, from, to }) =>
        rule.name === 'no-circular'
          ? `no-circular: ${[from, to].sort().join(' ↔ ')}` // one report a cycle, from either end
          : `${rule.name}: ${from} → ${to.replace(/^node_modules\/(hono)\/.*$/, '$1')}`,
      )
      .sort();
    expect(found).toEqual(
      [
        'domains-know-no-transport: worker/domains/news/feed.ts → hono',
        'domains-know-no-transport: worker/domains/news/feed.ts → worker/rpc/router.ts',
        'domains-know-no-transport: worker/cron/jobs.ts → worker/http/auth/routes.ts',
        'adapters-below-domains: worker/providers/x/client.ts → worker/domains/news/feed.ts',
        'lib-is-shared-ground: worker/lib/bad.ts → worker/db/client.ts',
        'contract-is-browser-safe: worker/contract/news.ts → worker/db/client.ts',
        'domains-receive-bindings: worker/domains/orders/publish.ts → cloudflare:workers',
        'domains-receive-bindings: worker/domains/orders/publish.ts → worker/wiring/hubs.ts',
        'domains-receive-bindings: worker/domains/auth/access.ts → worker/env.ts',
        'no-circular: worker/domains/auth/access.ts ↔ worker/env.ts',
        'web-sees-only-the-contract: web/lib/api.ts → worker/domains/news/feed.ts',
        'route-private-components: web/routes/admin/index.tsx → web/routes/alerts/-components/rule-form.tsx',
        'shared-web-code-knows-no-feature: web/components/ui/rule-badge.tsx → web/features/alerts/rules.ts',
        'shared-web-code-knows-no-feature: web/lib/links.ts → web/routes/alerts/index.tsx',
        'shared-web-code-knows-no-feature: web/components/ui/figure.tsx → web/shared/pnl.tsx',
        'shared-layer-knows-no-feature: web/shared/orders/orders-table.tsx → web/features/alerts/rules.ts',
        'features-are-independent: web/features/risk-team/page.tsx → web/features/alerts/history/list.tsx',
        'features-are-independent: web/features/news/settings/page.tsx → web/features/news/feed/row.tsx',
        'feature-groups-hold-features: web/features/news/tags.ts → web/shared/pnl.tsx',
        'features-below-routes: web/features/risk-team/page.tsx → web/routes/alerts/index.tsx',
      ].sort(),
    );
  }, 30_000);
});
