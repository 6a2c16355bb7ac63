import { z } from 'zod';
import { MAPPING_KINDS } from '../enums';
import { bannedMappingFields, createBannedMappingInput, idSchema, mappingSchema, specialMappingFields } from '../news-mappings';
import { deletedSchema, mutation, query } from './define';

/** Both kinds, oldest first. */
export const mappingsSchema = z.strictObject({ special: z.array(mappingSchema), banned: z.array(mappingSchema) });
export type Mappings = z.output<typeof mappingsSchema>;

export const newsMappingsServerFns = {
  getMappings: query(mappingsSchema),
  createMapping: mutation(
    z.discriminatedUnion('kind', [
      specialMappingFields.extend({ kind: z.literal('special') }).strict(),
      createBannedMappingInput.extend({ kind: z.literal('banned') }).strict(),
    ]),
    mappingSchema,
  ),
  updateMapping: mutation(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('special'), id: idSchema, updates: specialMappingFields.partial().strict() }).strict(),
      z.object({ kind: z.literal('banned'), id: idSchema, updates: bannedMappingFields.partial().strict() }).strict(),
    ]),
    mappingSchema,
  ),
  deleteMapping: mutation(z.object({ kind: z.enum(MAPPING_KINDS), id: idSchema }).strict(), deletedSchema),
};
