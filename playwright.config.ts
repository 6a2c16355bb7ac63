import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8788);
/** Where a spec serves a fake exchange: beside the app's port. */
const fakeExchangePort = (appPort: number) => appPort + 50;
/** Where a spec serves the fake push service (e2e/push-notifications.spec.ts). */
const fakePushPort = (appPort: number) => appPort + 51;
process.env.XDG_CACHE_HOME ??= `${process.cwd()}/.cache/xdg-cache`;
process.env.XDG_CONFIG_HOME ??= `${process.cwd()}/.cache/xdg-config`;

export default defineConfig({
  testDir: './e2e',
  // After the server starts: the demo users' extra authenticator apps and a fresh code ledger.
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    colorScheme: 'dark',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    // The exchanges' announcement endpoints point at the specs' local fakes (e2e/exchange-announcements.spec.ts);
    // pushes to the fake push service's host go to its local server (e2e/push-notifications.spec.ts).
    env: {
      PORT: String(port),
      WRANGLER_ARGS: [
        `--var BYBIT_BASE_URL:http://127.0.0.1:${fakeExchangePort(port)}`,
        `--var WEB_PUSH_HOSTS:push.fake.test`,
        `--var WEB_PUSH_BASE_URL:http://127.0.0.1:${fakePushPort(port)}`,
      ].join(' '),
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
