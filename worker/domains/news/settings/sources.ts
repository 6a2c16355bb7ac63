import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { newsSources } from '../../../db/schema/news';
import { appError } from '../../../lib/errors';
import type { SourceKind } from '../types';

/** Kinds an admin can add; 'simulated' is the demo feed, seeded, never configured by hand. */
export const CONFIGURABLE_SOURCE_KINDS = ['rss', 'atom', 'telegram', 'twitter', 'manual'] as const;
export type ConfigurableSourceKind = (typeof CONFIGURABLE_SOURCE_KINDS)[number];

export interface SourceHealth {
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextAttemptAt: number | null;
}

export interface SourceDto {
  id: string;
  kind: SourceKind;
  name: string;
  config: Record<string, unknown>;
  enabled: boolean;
  createdAt: number;
  health: SourceHealth;
}

export interface SourceFields {
  kind: ConfigurableSourceKind;
  name: string;
  /** Never secrets: provider keys are Worker secrets, and every approved user can read this. */
  config: Record<string, unknown>;
  enabled: boolean;
}

function toDto(row: typeof newsSources.$inferSelect): SourceDto {
  const { lastSuccessAt, lastErrorAt, lastError, consecutiveFailures, nextAttemptAt, ...source } = row;
  return { ...source, health: { lastSuccessAt, lastErrorAt, lastError, consecutiveFailures, nextAttemptAt } };
}

export async function listSources(db: Db): Promise<SourceDto[]> {
  const rows = await db.select().from(newsSources).orderBy(asc(newsSources.createdAt), asc(newsSources.id));
  return rows.map(toDto);
}

/**
 * Adds a source. A feed URL is one source: the insert only happens when no source of the same
 * kind has that URL (one statement, so two admins adding it at once still get one row).
 */
export async function createSource(db: Db, fields: SourceFields): Promise<SourceDto> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const url = typeof fields.config.url === 'string' ? fields.config.url : null;
  const result = await db.$client
    .prepare(
      `INSERT INTO news_sources (id, kind, name, config, enabled, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE ?7 IS NULL OR NOT EXISTS (SELECT 1 FROM news_sources WHERE kind = ?2 AND json_extract(config, '$.url') = ?7)`,
    )
    .bind(id, fields.kind, fields.name, JSON.stringify(fields.config), fields.enabled ? 1 : 0, now, url)
    .run();
  if (!result.meta.changes) throw appError('CONFLICT', `A ${fields.kind} source with this URL already exists`);
  const row = await db.select().from(newsSources).where(eq(newsSources.id, id)).get();
  return toDto(row!);
}
