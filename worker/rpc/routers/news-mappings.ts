import {
  addSymbolToAllSpecialMappings,
  addTermToAllMappings,
  createMapping,
  deleteMapping,
  updateMapping,
} from '../../domains/news/settings/mappings';
import { admin } from '../procedures';

export const newsMappingsRouter = {
  createBannedMapping: admin.createBannedMapping.handler(({ context, input }) => createMapping(context.db, 'banned', input)),
  updateBannedMapping: admin.updateBannedMapping.handler(({ context, input }) =>
    updateMapping(context.db, 'banned', input.id, input.updates),
  ),
  deleteBannedMapping: admin.deleteBannedMapping.handler(({ context, input }) => deleteMapping(context.db, 'banned', input.id)),
  addTermToAllBannedMappings: admin.addTermToAllBannedMappings.handler(({ context, input }) =>
    addTermToAllMappings(context.db, 'banned', input.term),
  ),
  createSpecialMapping: admin.createSpecialMapping.handler(({ context, input }) => createMapping(context.db, 'special', input)),
  updateSpecialMapping: admin.updateSpecialMapping.handler(({ context, input }) =>
    updateMapping(context.db, 'special', input.id, input.updates),
  ),
  deleteSpecialMapping: admin.deleteSpecialMapping.handler(({ context, input }) =>
    deleteMapping(context.db, 'special', input.id),
  ),
  addTermToAllSpecialMappings: admin.addTermToAllSpecialMappings.handler(({ context, input }) =>
    addTermToAllMappings(context.db, 'special', input.term),
  ),
  addSymbolToAllSpecialMappings: admin.addSymbolToAllSpecialMappings.handler(({ context, input }) =>
    addSymbolToAllSpecialMappings(context.db, input.symbol),
  ),
};
