import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs } from './fields';
import { INPUT_ERRORS } from './errors';
import { SYMBOL_MESSAGE, SYMBOL_PATTERN } from './patterns';

/** Trimmed and upper-cased, then 1–20 letters or digits ("btc " → "BTC"). */
export const symbolSchema = z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, SYMBOL_MESSAGE);

/** Trimmed, inner whitespace collapsed, NFKC-folded (matching folds text the same way); case kept. */
export const termSchema = z
  .string()
  .transform((term) => term.normalize('NFKC').replace(/\s+/gu, ' ').trim())
  .pipe(z.string().min(1, 'A term cannot be empty').max(100, 'A term is at most 100 characters'));

/** Terms compare case-insensitively: the first spelling of a term is kept. */
export const termsSchema = z
  .array(termSchema)
  .max(200, 'At most 200 terms')
  .transform((terms) => terms.filter((term, i) => terms.findIndex((t) => t.toLowerCase() === term.toLowerCase()) === i));

export const symbolsSchema = z
  .array(symbolSchema)
  .max(50, 'At most 50 symbols')
  .transform((symbols) => [...new Set(symbols)]);

export const idSchema = z.string().trim().min(1).max(64);

/** A special mapping tags its symbols when a term occurs; it needs at least one of each. */
export const specialMappingFields = z.object({
  terms: termsSchema.refine((t) => t.length > 0, 'Add at least one term'),
  symbols: symbolsSchema.refine((s) => s.length > 0, 'Add at least one symbol'),
});

/** A banned mapping removes its symbols when a term occurs; without symbols it marks the item garbage. */
export const bannedMappingFields = z.object({
  terms: termsSchema.refine((t) => t.length > 0, 'Add at least one term'),
  symbols: symbolsSchema,
});

/** Creating a banned mapping may leave symbols out (a garbage marker); updates never default them. */
export const createBannedMappingInput = bannedMappingFields.extend({ symbols: symbolsSchema.default([]) }).strict();

export const mappingSchema = z.strictObject({
  id: z.string(),
  terms: z.array(z.string()),
  symbols: z.array(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
});

export type Mapping = z.output<typeof mappingSchema>;
/** What a mapping is made of, as stored (input schemas above normalise and check it). */
export type MappingFields = Pick<Mapping, 'terms' | 'symbols'>;

export const bulkResultSchema = z.strictObject({
  /** How many mappings gained the value (the rest already had it). */
  updated: z.number(),
  /** Every mapping of that kind after the change. */
  mappings: z.array(mappingSchema),
});

export type BulkResult = z.output<typeof bulkResultSchema>;

const deleted = z.strictObject({ id: z.string() });

/** What both kinds have: replace, delete, and add a term to every mapping of the kind. */
const kindProcedures = (label: string, fields: typeof specialMappingFields | typeof bannedMappingFields) => ({
  update: oc
    .route({ method: 'POST', summary: `Replace the terms and/or symbols of a ${label} (admin)` })
    .errors(INPUT_ERRORS)
    .input(z.object({ id: idSchema, updates: fields.partial().strict() }).strict())
    .output(mappingSchema),
  delete: oc
    .route({ method: 'POST', summary: `Delete a ${label} (admin)` })
    .input(z.object({ id: idSchema }))
    .output(deleted),
  addTermToAll: oc
    .route({ method: 'POST', summary: `Add a term to every ${label} that lacks it, all or nothing (admin)` })
    .input(z.object({ term: termSchema }))
    .output(bulkResultSchema),
});

const banned = kindProcedures('banned mapping', bannedMappingFields);
const special = kindProcedures('special mapping', specialMappingFields);

/** docs/PRODUCT-RULES.md §5 mapping procedures (admin). Bulk actions are all-or-nothing. */
export const newsMappingsContract = {
  createBannedMapping: oc
    .route({
      method: 'POST',
      summary: 'Add a banned mapping: terms that suppress symbols or, with no symbols, mark garbage (admin)',
    })
    .errors(INPUT_ERRORS)
    .input(createBannedMappingInput)
    .output(mappingSchema),
  updateBannedMapping: banned.update,
  deleteBannedMapping: banned.delete,
  addTermToAllBannedMappings: banned.addTermToAll,
  createSpecialMapping: oc
    .route({ method: 'POST', summary: 'Add a special mapping: terms that tag symbols (admin)' })
    .errors(INPUT_ERRORS)
    .input(specialMappingFields.strict())
    .output(mappingSchema),
  updateSpecialMapping: special.update,
  deleteSpecialMapping: special.delete,
  addTermToAllSpecialMappings: special.addTermToAll,
  addSymbolToAllSpecialMappings: oc
    .route({ method: 'POST', summary: 'Add a symbol to every special mapping that lacks it, all or nothing (admin)' })
    .input(z.object({ symbol: symbolSchema }))
    .output(bulkResultSchema),
};
