import { z } from 'zod';
import type { Db } from '../../../db/client';
import { twitterHandles } from '../../../db/schema/news';

/** The one X filtered stream source (X allows one connection per app). */
export const X_STREAM_SOURCE_ID = 'x-stream';
export const X_STREAM_SOURCE_NAME = 'X filtered stream';

/** Its config in news_sources: the ids of the twitter handles whose posts it follows. */
export const xStreamConfigSchema = z.object({ stream: z.literal(true), handleIds: z.array(z.string()).default([]) });
export type XStreamConfig = z.output<typeof xStreamConfigSchema>;

export interface XStreamSettings {
  enabled: boolean;
  handleIds: string[];
  /** The enabled handles among handleIds, as spelled in the settings (lower-case, without '@'). */
  handles: string[];
}

/** The stream's settings, or null when there is no such source (or its config is not a stream's). */
export async function loadXStreamSettings(db: Db, sourceId = X_STREAM_SOURCE_ID): Promise<XStreamSettings | null> {
  const row = await db.query.newsSources.findFirst({ where: (s, { eq }) => eq(s.id, sourceId) });
  if (!row || row.kind !== 'twitter') return null;
  const config = xStreamConfigSchema.safeParse(row.config);
  if (!config.success) return null;
  const wanted = new Set(config.data.handleIds);
  const all = await db.select().from(twitterHandles);
  const handles = all
    .filter((h) => wanted.has(h.id) && h.enabled)
    .map((h) => h.handle)
    .sort();
  return { enabled: row.enabled, handleIds: config.data.handleIds, handles };
}
