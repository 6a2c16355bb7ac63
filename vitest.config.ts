import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { createECDH } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));
const newsMigrations = await readD1Migrations(fileURLToPath(new URL('./migrations-news', import.meta.url)));
const auditMigrations = await readD1Migrations(fileURLToPath(new URL('./migrations-audit', import.meta.url)));

/** The tests' VAPID pair (private key: 32 bytes of 0x05; never a real key), as "<public>:<private>" base64url. */
const testVapid = createECDH('prime256v1');
testVapid.setPrivateKey(Buffer.alloc(32, 5));
const TEST_VAPID_KEYS = `${testVapid.getPublicKey().toString('base64url')}:${testVapid.getPrivateKey().toString('base64url')}`;

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.jsonc' },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: migrations,
                TEST_NEWS_MIGRATIONS: newsMigrations,
                TEST_AUDIT_MIGRATIONS: auditMigrations,
                JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
                LIVE_POLL_MS: '100',
                BOOTSTRAP_ADMIN_EMAIL: 'founder@example.com',
                PRICE_TICK_MS: '100',
                // News pollers' alarms are run by the tests (runDurableObjectAlarm), never by the clock:
                // a source created by a test must not start reading the network on its own.
                NEWS_POLLER_ALARMS: 'manual',
                // Seals sub-accounts' trading keys in tests (32 bytes of 0x07; never a real key).
                TRADING_KEYRING: `test:${Buffer.alloc(32, 7).toString('base64')}`,
                // Seals authenticator-app secrets in tests (32 bytes of 0x09; never a real key).
                SECOND_FACTOR_KEYRING: `test:${Buffer.alloc(32, 9).toString('base64')}`,
                // Web Push: the test pair, the fake push service's host allowed, and every push the
                // wired client sends goes to a closed local port (tests inject the fake's fetch).
                VAPID_KEYS: TEST_VAPID_KEYS,
                WEB_PUSH_HOSTS: 'push.fake.test,fcm.googleapis.com',
                WEB_PUSH_BASE_URL: 'http://127.0.0.1:9',
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['worker/**/*.test.ts'],
          setupFiles: ['./worker/test/apply-migrations.ts'],
          // scrypt sign-ins cost ~150 ms each in workerd; flows with many of them need room.
          testTimeout: 20_000,
        },
      },
      {
        resolve: {
          alias: {
            '~': fileURLToPath(new URL('./web', import.meta.url)),
            '@contract': fileURLToPath(new URL('./worker/contract', import.meta.url)),
          },
        },
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      // Checks of the repository's own tooling (the import boundaries), in plain Node.
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
