import { z } from 'zod';
import { mappingSchema } from '../news-mappings';
import { query } from './define';

/** Both kinds, oldest first. */
export const mappingsSchema = z.strictObject({ special: z.array(mappingSchema), banned: z.array(mappingSchema) });
export type Mappings = z.output<typeof mappingsSchema>;

/** Mappings are read here; they change through the RPC mapping procedures (contract/news-mappings.ts). */
export const newsMappingsServerFns = {
  getMappings: query(mappingsSchema),
};
