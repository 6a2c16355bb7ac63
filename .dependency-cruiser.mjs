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

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "A cycle, type-only imports included: modules that need each other belong together or need a third. Cycles through the generated route tree are TanStack Router's type registration (typed links import its types), not ours.",
      from: {},
      to: { circular: true, viaOnly: { pathNot: '^web/routeTree\\.gen\\.ts$' } },
    },
    {
      name: 'domains-know-no-transport',
      severity: 'error',
      comment:
        'domains, providers, exchanges, durable-objects and cron must not import the handlers (rpc/, server-fns/, http/, app.ts), hono or @orpc/server: throw DomainError (lib/domain-error.ts) and let the handler map it.',
      from: { path: BELOW_HANDLERS },
      to: { path: [HANDLERS, TRANSPORT_PACKAGES] },
    },
    {
      name: 'adapters-below-domains',
      severity: 'error',
      comment: 'providers/, exchanges/, db/ and lib/ are used by the domains, never the other way round.',
      from: { path: '^worker/(providers|exchanges|db|lib)/' },
      to: { path: '^worker/(domains|durable-objects|cron)/' },
    },
    {
      name: 'domains-receive-bindings',
      severity: 'error',
      comment:
        "Below the handlers, cron and Durable Objects nothing reads the Worker's bindings: no env.ts, no cloudflare:workers, no wiring/. The wiring layer (worker/wiring) builds publishers and adapters from env and hands them down. Tests may reach the real runtime.",
      from: { path: '^worker/(domains|providers|exchanges|db|lib)/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^worker/env\\.ts$', '^worker/wiring/', '^cloudflare:workers$'] },
    },
    {
      name: 'lib-is-shared-ground',
      severity: 'error',
      comment: 'worker/lib is imported by every layer: it may only import itself and the contract.',
      from: { path: '^worker/lib/' },
      to: { path: '^worker/', pathNot: '^worker/(lib|contract)/' },
    },
    {
      name: 'contract-is-browser-safe',
      severity: 'error',
      comment:
        'worker/contract is bundled into the web app: it may import itself, zod and @orpc/contract only (no db/, domains/, hono, cloudflare:*).',
      from: { path: '^worker/contract/' },
      to: { pathNot: ['^worker/contract/', '(^|/)node_modules/(zod|@orpc/contract)/'] },
    },
    {
      name: 'web-sees-only-the-contract',
      severity: 'error',
      comment: 'The web app may import from the worker only its contract and the error catalogue.',
      from: { path: '^web/' },
      to: { path: '^worker/', pathNot: '^worker/(contract/|lib/error-catalogue\\.ts$)' },
    },
    {
      name: 'shared-web-code-knows-no-feature',
      severity: 'error',
      comment:
        'web/components and web/lib are shared by every feature and route: they must not import web/shared, web/features or web/routes (move the shared piece down instead).',
      from: { path: '^web/(components|lib)/' },
      to: { path: '^web/(shared|features|routes)/' },
    },
    {
      name: 'shared-layer-knows-no-feature',
      severity: 'error',
      comment:
        'web/shared holds what several features use (account figures, date ranges, news items, orders): it may import components, lib and itself, never a feature or a route.',
      from: { path: '^web/shared/' },
      to: { path: '^web/(features|routes)/' },
    },
    {
      name: 'features-are-independent',
      severity: 'error',
      comment:
        'A feature never imports another feature: move what both need to web/shared (or components, lib), or let the route compose them.',
      from: { path: FEATURE },
      to: { path: '^web/features/', pathNot: '^$1/' },
    },
    {
      name: 'feature-groups-hold-features',
      severity: 'error',
      comment: 'news/ and admin/ only group features: a file directly in them belongs to no feature (put it in one, or in web/shared).',
      from: { path: `^web/features/(${FEATURE_GROUPS.join('|')})/[^/]+$` },
      to: { path: '^web/' },
    },
    {
      name: 'features-below-routes',
      severity: 'error',
      comment: 'Routes are thin and import features; a feature never imports a route (pass what it needs as props).',
      from: { path: '^web/features/' },
      to: { path: '^web/routes/' },
    },
    {
      name: 'route-private-components',
      severity: 'error',
      comment:
        "A route folder's -components/ serve the routes of that folder and of the folders below it, no others: share wider through a shared folder instead.",
      // $1…$6: the importing route's folder, one segment a group (route folders never start with '-').
      from: { path: `^(web/routes/)${'([^/-][^/]*/|)'.repeat(5)}(-components/.*|[^/]+)$` },
      to: {
        path: '^web/routes/(.*/|)-components/',
        pathNot: [
          '^$1-components/',
          '^$1$2-components/',
          '^$1$2$3-components/',
          '^$1$2$3$4-components/',
          '^$1$2$3$4$5-components/',
          '^$1$2$3$4$5$6-components/',
        ],
      },
    },
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
