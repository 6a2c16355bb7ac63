import { newsMappingsServerFns } from '../contract/server-fns/news-mappings';
import { listMappings } from '../domains/news/settings/mappings';
import { approvedFn, implementServerFns } from './define';

export const newsMappingsFns = implementServerFns(newsMappingsServerFns, {
  getMappings: approvedFn(({ ctx }) => listMappings(ctx.db)),
});
