import { newsMappingsServerFns } from '../contract/server-fns/news-mappings';
import { createMapping, deleteMapping, listMappings, updateMapping } from '../domains/news/settings/mappings';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsMappingsFns = implementServerFns(newsMappingsServerFns, {
  getMappings: approvedFn(({ ctx }) => listMappings(ctx.db)),
  createMapping: adminFn(({ input: { kind, ...fields }, ctx }) => createMapping(ctx.db, kind, fields)),
  updateMapping: adminFn(({ input, ctx }) => updateMapping(ctx.db, input.kind, input.id, input.updates)),
  deleteMapping: adminFn(({ input, ctx }) => deleteMapping(ctx.db, input.kind, input.id)),
});
