import { asc, eq } from 'drizzle-orm';
import type { ConfigurableSourceKind } from '../../../contract/enums';
import type { SourceDto } from '../../../contract/server-fns/news-sources';
import type { Db, NewsDb } from '../../../db/client';
import { newsPollers, newsSources } from '../../../db/schema/news';
import { latencyBySource } from '../pollers/latency';
import { domainError } from '../../../lib/domain-error';
import { telegramWebhookPath } from '../sources/telegram-webhook';
import { newWebhookSecret, webhookSecretConfig } from '../sources/webhook-secret';

export interface SourceFields {
  kind: ConfigurableSourceKind;
  name: string;
  /**
   * Never secrets: provider keys are Worker secrets, and every approved user can read this. A
   * Telegram source's webhook secret is generated here, and only its hash is stored.
   */
  config: Record<string, unknown>;
  enabled: boolean;
}

function toDto(row: typeof newsSources.$inferSelect): SourceDto {
  const { lastSuccessAt, lastErrorAt, lastError, consecutiveFailures, nextAttemptAt, ...source } = row;
  // Every approved user reads sources: the secret token's hash and hint never leave in config.
  const { secretTokenHash, secretTokenHint, ...config } = source.config;
  const dto: SourceDto = {
    ...source,
    config,
    health: { lastSuccessAt, lastErrorAt, lastError, consecutiveFailures, nextAttemptAt },
  };
  if (source.kind === 'telegram') {
    dto.webhook = {
      path: telegramWebhookPath(source.id),
      secretTokenSet: typeof secretTokenHash === 'string',
      secretTokenHint: typeof secretTokenHint === 'string' ? secretTokenHint : null,
    };
  }
  return dto;
}

type PollerRow = typeof newsPollers.$inferSelect;

export function pollerDto(row: PollerRow): NonNullable<SourceDto['poller']> {
  return {
    state: row.state,
    intervalSeconds: row.intervalMs === null ? null : row.intervalMs / 1000,
    nextAt: row.nextAt,
    lastPollAt: row.lastPollAt,
    lastOkAt: row.lastOkAt,
    lastItemAt: row.lastItemAt,
    rateLimitedUntil: row.rateLimitedUntil,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    connectedSince: row.connectedSince,
    polls: row.polls,
    requests: row.requests,
    countedSince: row.countedSince,
    rearmedAt: row.rearmedAt,
    rearms: row.rearms,
    updatedAt: row.updatedAt,
  };
}

/**
 * Every source with its health; with the news database also its poller's report (state, interval,
 * rate-limit wait, last item) and its delay figures over 24 h (p50/p99 publication → stored).
 */
export async function listSources(db: Db, newsDb?: NewsDb, now = Date.now()): Promise<SourceDto[]> {
  const [[rows, pollers], latency] = await Promise.all([
    Promise.all(sourcesQueries(db)),
    newsDb ? latencyBySource(newsDb, now) : Promise.resolve(null),
  ]);
  return sourcesFrom(rows, pollers, latency);
}

/** listSources' reads of DB, unawaited (for a batch): the sources and the pollers. */
export const sourcesQueries = (db: Db) =>
  [
    db.select().from(newsSources).orderBy(asc(newsSources.createdAt), asc(newsSources.id)),
    db.select().from(newsPollers),
  ] as const;

/** listSources' answer from its reads (latency: from the news database, null without it). */
export function sourcesFrom(
  rows: (typeof newsSources.$inferSelect)[],
  pollers: (typeof newsPollers.$inferSelect)[],
  latency: Awaited<ReturnType<typeof latencyBySource>> | null,
): SourceDto[] {
  // Polling sessions are not sources: their pollers are keyed by session id.
  const pollerOf = new Map(pollers.filter((p) => p.kind !== 'x-session').map((p) => [p.targetId, p]));
  return rows.map((row) => {
    const dto = toDto(row);
    const poller = pollerOf.get(row.id);
    if (poller) dto.poller = pollerDto(poller);
    if (latency) dto.latency = latency.get(row.kind === 'twitter' ? 'twitter' : row.id) ?? null;
    return dto;
  });
}

/** One source by id, as listSources shows it. */
export async function getSource(db: Db, id: string, newsDb?: NewsDb): Promise<SourceDto> {
  const found = (await listSources(db, newsDb)).find((s) => s.id === id);
  if (!found) throw domainError('NOT_FOUND', 'No source with this id');
  return found;
}

/**
 * Adds a source. A feed URL is one source: the insert only happens when no source of the same
 * kind has that URL (one statement, so two admins adding it at once still get one row).
 * A Telegram source gets a generated webhook secret (never a typed one: people pick guessable
 * ones), keeps only its hash, and answers with the whole secret this once.
 */
export async function createSource(db: Db, fields: SourceFields): Promise<SourceDto> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const url = typeof fields.config.url === 'string' ? fields.config.url : null;
  let config = fields.config;
  let secretToken: string | undefined;
  if (fields.kind === 'telegram') {
    if ('secretToken' in fields.config) throw domainError('BAD_REQUEST', 'The webhook secret is generated by the server');
    secretToken = newWebhookSecret();
    config = { ...fields.config, ...(await webhookSecretConfig(secretToken)) };
  }
  const result = await db.$client
    .prepare(
      `INSERT INTO news_sources (id, kind, name, config, enabled, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE ?7 IS NULL OR NOT EXISTS (SELECT 1 FROM news_sources WHERE kind = ?2 AND json_extract(config, '$.url') = ?7)`,
    )
    .bind(id, fields.kind, fields.name, JSON.stringify(config), fields.enabled ? 1 : 0, now, url)
    .run();
  if (!result.meta.changes) throw domainError('CONFLICT', `A ${fields.kind} source with this URL already exists`);
  const row = await db.select().from(newsSources).where(eq(newsSources.id, id)).get();
  const dto = toDto(row!);
  if (dto.webhook && secretToken) dto.webhook.secretToken = secretToken;
  return dto;
}

/**
 * A new webhook secret for a Telegram source (the first one for a source that has none): the old
 * one stops opening the webhook at once. Answers with the whole secret this once, to register with
 * setWebhook.
 */
export async function rotateTelegramSecret(db: Db, id: string): Promise<SourceDto> {
  const secretToken = newWebhookSecret();
  const { secretTokenHash, secretTokenHint } = await webhookSecretConfig(secretToken);
  // One statement, so the rest of the config stays as it is whatever else changes it meanwhile.
  const result = await db.$client
    .prepare(
      `UPDATE news_sources SET config = json_set(config, '$.secretTokenHash', ?2, '$.secretTokenHint', ?3)
       WHERE id = ?1 AND kind = 'telegram'`,
    )
    .bind(id, secretTokenHash, secretTokenHint)
    .run();
  if (!result.meta.changes) throw domainError('NOT_FOUND', 'No Telegram source with this id');
  const row = await db.select().from(newsSources).where(eq(newsSources.id, id)).get();
  const dto = toDto(row!);
  dto.webhook!.secretToken = secretToken;
  return dto;
}
