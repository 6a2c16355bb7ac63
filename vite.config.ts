import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too (with the page they load for): the query options and feature code
      // they import stay out of the first load, which only holds the route tree and guards.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './web/routes',
      generatedRouteTree: './web/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    cloudflare(),
  ],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./web', import.meta.url)),
      // The web's one way into the worker: its contract (schemas, enums, types).
      '@contract': fileURLToPath(new URL('./worker/contract', import.meta.url)),
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), host: '127.0.0.1' },
  // Every browser we support preloads modules natively: no polyfill in the first load. No lists of
  // each lazy chunk's dependencies in the entry either (resolveDependencies): they cost /login 2 KB
  // gzipped as the routes grew; a route's chunk fetches its imports itself, and the router preloads
  // a route on intent (hover, focus), so that wait mostly happens before the click.
  build: {
    sourcemap: false,
    modulePreload: { polyfill: false, resolveDependencies: () => [] },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every page needs, as one file: a dozen small shared chunks each paid
            // gzip's per-file cost on the first load.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-query|query-core|react-store|store))[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
