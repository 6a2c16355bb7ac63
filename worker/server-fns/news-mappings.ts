import { z } from 'zod';
import {
  createMapping as addMapping,
  deleteMapping as removeMapping,
  listMappings,
  updateMapping as changeMapping,
} from '../domains/news/settings/mappings';
import { bannedMappingFields, createBannedMappingInput, idSchema, specialMappingFields } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';

const createMappingInput = z.discriminatedUnion('kind', [
  specialMappingFields.extend({ kind: z.literal('special') }).strict(),
  createBannedMappingInput.extend({ kind: z.literal('banned') }).strict(),
]);

const updateMappingInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('special'), id: idSchema, updates: specialMappingFields.partial().strict() }).strict(),
  z.object({ kind: z.literal('banned'), id: idSchema, updates: bannedMappingFields.partial().strict() }).strict(),
]);

const deleteMappingInput = z.object({ kind: z.enum(['special', 'banned']), id: idSchema }).strict();

/** Both kinds: { special: Mapping[], banned: Mapping[] }, oldest first. */
export const getMappings = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listMappings(ctx.db),
});

export const createMapping = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: createMappingInput,
  handler: ({ input: { kind, ...fields }, ctx }) => addMapping(ctx.db, kind, fields),
});

export const updateMapping = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: updateMappingInput,
  handler: ({ input, ctx }) => changeMapping(ctx.db, input.kind, input.id, input.updates),
});

export const deleteMapping = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: deleteMappingInput,
  handler: ({ input, ctx }) => removeMapping(ctx.db, input.kind, input.id),
});
