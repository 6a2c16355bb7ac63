// The import boundaries of the repository (README "Layout"), checked by `npm run lint`
// (depcruise worker web) and proven by scripts/check-boundaries.test.mjs, which plants one
// violation per rule in a scratch tree and expects each to be refused.

/** Below the handlers: business logic, adapters, hubs and jobs know no transport. */
const BELOW_HANDLERS = '^worker/(domains|providers|exchanges|durable-objects|cron)/';
/** The handlers: the Hono app and its HTTP routes, the RPC router, the server functions. */
const HANDLERS = '^worker/(rpc|server-fns|http)/|^worker/app\\.ts$';
/**
 * A web feature: a folder under web/features, or a folder under one of the groups that hold
 * features (news/feed, news/settings, admin/users, …). $1 names it.
 */
const FEATURE_GROUPS = ['news', 'admin'];
const FEATURE = `^(web/features/(?:(?:${FEATURE_GROUPS.join('|')})/[^/]+|(?!(?:${FEATURE_GROUPS.join('|')})/)[^/]+))/`;
/** Transport libraries only handlers may use. */
const TRANSPORT_PACKAGES = '(^|/)node_modules/(hono|@orpc/server)/';

/** Why each rule holds: depcruise prints it beside a violation. */
const WHY = {
  'no-circular':
    "A cycle, type-only imports included: modules that need each other belong together or need a third. Cycles through the generated route tree are TanStack Router's type registration (typed links import its types), not ours.",
  'domains-know-no-transport':
    'domains, providers, exchanges, durable-objects and cron must not import the handlers (rpc/, server-fns/, http/, app.ts), hono or @orpc/server: throw DomainError (lib/domain-error.ts) and let the handler map it.',
  'adapters-below-domains': 'providers/, exchanges/, db/ and lib/ are used by the domains, never the other way round.',
  'domains-receive-bindings':
    "Below the handlers, cron and Durable Objects nothing reads the Worker's bindings: no env.ts, no cloudflare:workers, no wiring/. The wiring layer (worker/wiring) builds publishers and adapters from env and hands them down. Tests may reach the real runtime.",
  'lib-is-shared-ground': 'worker/lib is imported by every layer: it may only import itself and the contract.',
  'contract-is-browser-safe':
    'worker/contract is bundled into the web app: it may import itself, zod and @orpc/contract only (no db/, domains/, hono, cloudflare:*).',
  'web-sees-only-the-contract': 'The web app may import from the worker only its contract and the error catalogue.',
  'shared-web-code-knows-no-feature':
    'web/components and web/lib are shared by every feature and route: they must not import web/shared, web/features or web/routes (move the shared piece down instead).',
  'shared-layer-knows-no-feature':
    'web/shared holds what several features use (account figures, date ranges, news items, orders): it may import components, lib and itself, never a feature or a route.',
  'features-are-independent':
    'A feature never imports another feature: move what both need to web/shared (or components, lib), or let the route compose them.',
  'feature-groups-hold-features':
    'news/ and admin/ only group features: a file directly in them belongs to no feature (put it in one, or in web/shared).',
  'features-below-routes': 'Routes are thin and import features; a feature never imports a route (pass what it needs as props).',
  'route-private-components':
    "A route folder's -components/ serve the routes of that folder and of the folders below it, no others: share wider through a shared folder instead.",
};

/** A forbidden import: from modules matching `from` to modules matching `to`. */
const rule = (name, from, to) => ({ name, severity: 'error', comment: WHY[name], from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    rule('no-circular', {}, { circular: true, viaOnly: { pathNot: '^web/routeTree\\.gen\\.ts$' } }),
    rule('domains-know-no-transport', { path: BELOW_HANDLERS }, { path: [HANDLERS, TRANSPORT_PACKAGES] }),
    rule(
      'adapters-below-domains',
      { path: '^worker/(providers|exchanges|db|lib)/' },
      { path: '^worker/(domains|durable-objects|cron)/' },
    ),
    rule(
      'domains-receive-bindings',
      { path: '^worker/(domains|providers|exchanges|db|lib)/', pathNot: '\\.test\\.ts$' },
      { path: ['^worker/env\\.ts$', '^worker/wiring/', '^cloudflare:workers$'] },
    ),
    rule('lib-is-shared-ground', { path: '^worker/lib/' }, { path: '^worker/', pathNot: '^worker/(lib|contract)/' }),
    rule(
      'contract-is-browser-safe',
      { path: '^worker/contract/' },
      { pathNot: ['^worker/contract/', '(^|/)node_modules/(zod|@orpc/contract)/'] },
    ),
    rule(
      'web-sees-only-the-contract',
      { path: '^web/' },
      { path: '^worker/', pathNot: '^worker/(contract/|lib/error-catalogue\\.ts$)' },
    ),
    rule('shared-web-code-knows-no-feature', { path: '^web/(components|lib)/' }, { path: '^web/(shared|features|routes)/' }),
    rule('shared-layer-knows-no-feature', { path: '^web/shared/' }, { path: '^web/(features|routes)/' }),
    rule('features-are-independent', { path: FEATURE }, { path: '^web/features/', pathNot: '^$1/' }),
    rule('feature-groups-hold-features', { path: `^web/features/(${FEATURE_GROUPS.join('|')})/[^/]+$` }, { path: '^web/' }),
    rule('features-below-routes', { path: '^web/features/' }, { path: '^web/routes/' }),
    // $1…$6: the importing route's folder, one segment a group (route folders never start with '-').
    rule(
      'route-private-components',
      { path: `^(web/routes/)${'([^/-][^/]*/|)'.repeat(5)}(-components/.*|[^/]+)$` },
      {
        path: '^web/routes/(.*/|)-components/',
        pathNot: [1, 2, 3, 4, 5, 6].map((n) => `^${'$1$2$3$4$5$6'.slice(0, 2 * n)}-components/`),
      },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: they are dependencies too (and form cycles too).
    tsPreCompilationDeps: true,
    // Resolves the web's `~/` alias; worker imports are relative.
    tsConfig: { fileName: 'tsconfig.web.json' },
    // ESM-only packages (@orpc/*) resolve through their "import" exports.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    exclude: { path: ['^worker/worker-configuration\\.d\\.ts$'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
