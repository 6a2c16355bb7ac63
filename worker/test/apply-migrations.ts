import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Storage is isolated per test file; every file starts from the migrated, empty schemas of both
// databases (the main one, the news one and the audit trail).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.NEWS_DB, env.TEST_NEWS_MIGRATIONS);
await applyD1Migrations(env.AUDIT_DB, env.TEST_AUDIT_MIGRATIONS);
