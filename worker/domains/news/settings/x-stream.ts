import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { twitterHandles } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import { X_STREAM_SOURCE_ID, X_STREAM_SOURCE_NAME, type XStreamConfig } from '../sources/x-stream-settings';

export interface XStreamFields {
  enabled: boolean;
  /** twitter handle ids (see getTwitterHandles) */
  handleIds: string[];
}

function refuse(message: string): never {
  throw domainError('UNPROCESSABLE_CONTENT', message, { issues: [{ path: ['handleIds'], message }] });
}

/**
 * Switches the X filtered stream on or off and sets the handles it follows (the one stream source,
 * id `x-stream`). The contract's 100 handles at most need at most 5 rules of 512 characters
 * (`(from:a OR from:b …) -is:retweet -is:reply`), within every plan's rule count. Returns the id.
 */
export async function setXStream(db: Db, fields: XStreamFields): Promise<string> {
  const handleIds = [...new Set(fields.handleIds)];
  const rows = handleIds.length ? await db.select().from(twitterHandles).where(inArray(twitterHandles.id, handleIds)) : [];
  if (rows.length !== handleIds.length) refuse('Some of these handles no longer exist');
  if (fields.enabled && !rows.length) refuse('Pick at least one handle to follow');
  const config: XStreamConfig = { stream: true, handleIds };
  await db.$client
    .prepare(
      `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES (?1, 'twitter', ?2, ?3, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET config = excluded.config, enabled = excluded.enabled`,
    )
    .bind(X_STREAM_SOURCE_ID, X_STREAM_SOURCE_NAME, JSON.stringify(config), fields.enabled ? 1 : 0, Date.now())
    .run();
  return X_STREAM_SOURCE_ID;
}
