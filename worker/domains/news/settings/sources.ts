import { asc, eq } from 'drizzle-orm';
import type { ConfigurableSourceKind } from '../../../contract/enums';
import type { SourceDto } from '../../../contract/server-fns/news-sources';
import type { Db } from '../../../db/client';
import { newsSources } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import { TELEGRAM_SECRET_MIN_LENGTH } from '../../../contract/server-fns/news-sources';
import { newWebhookSecret, telegramWebhookPath, webhookSecretConfig } from '../sources/telegram-webhook';

export interface SourceFields {
  kind: ConfigurableSourceKind;
  name: string;
  /**
   * Never secrets: provider keys are Worker secrets, and every approved user can read this. The one
   * exception, a Telegram source's `secretToken`, is replaced by its hash before it is stored.
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

export async function listSources(db: Db): Promise<SourceDto[]> {
  const rows = await db.select().from(newsSources).orderBy(asc(newsSources.createdAt), asc(newsSources.id));
  return rows.map(toDto);
}

/**
 * Adds a source. A feed URL is one source: the insert only happens when no source of the same
 * kind has that URL (one statement, so two admins adding it at once still get one row).
 * A Telegram source takes `config.secretToken` (one is generated when absent), keeps only its hash,
 * and answers with the whole token this once.
 */
export async function createSource(db: Db, fields: SourceFields): Promise<SourceDto> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const url = typeof fields.config.url === 'string' ? fields.config.url : null;
  let config = fields.config;
  let secretToken: string | undefined;
  if (fields.kind === 'telegram') {
    const { secretToken: given, ...rest } = fields.config;
    if (typeof given === 'string' && given && given.length < TELEGRAM_SECRET_MIN_LENGTH) {
      throw domainError('BAD_REQUEST', `The secret token must have at least ${TELEGRAM_SECRET_MIN_LENGTH} characters`);
    }
    secretToken = typeof given === 'string' && given ? given : newWebhookSecret();
    config = { ...rest, ...(await webhookSecretConfig(secretToken)) };
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
