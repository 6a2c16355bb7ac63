import { asc, desc, eq } from 'drizzle-orm';
import type { Db, NewsDb } from '../../../db/client';
import { customRules } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { domainError } from '../../../lib/domain-error';
import { validateRule } from '../tagging/custom-rules';
import { invalidateClassifyConfig } from '../ingest/classify-config';
import { testRuleAgainst } from '../ingest/pipeline';
import type { SourceKind } from '../../../contract/enums';
import type {
  CustomRuleActions,
  CustomRuleConditions,
  CustomRuleDto,
  CustomRuleFields,
  RulePreview,
} from '../../../contract/server-fns/news-rules';
import type { CustomRule } from '../types';
import { deleteById } from './by-id';

/** How many of the newest stored items the "test this rule" preview looks at. */
export const RULE_PREVIEW_ITEMS = 200;

function toDto(row: typeof customRules.$inferSelect): CustomRuleDto {
  return {
    ...row,
    conditions: row.conditions as CustomRuleConditions,
    actions: row.actions as CustomRuleActions,
  };
}

function assertValid(fields: CustomRuleFields) {
  const problem = validateRule({ id: '', ...fields });
  if (problem) throw domainError('BAD_REQUEST', problem);
}

/** In the order the pipeline runs them: lowest priority number first, then oldest. */
export async function listCustomRules(db: Db): Promise<CustomRuleDto[]> {
  const rows = await db
    .select()
    .from(customRules)
    .orderBy(asc(customRules.priority), asc(customRules.createdAt), asc(customRules.id));
  return rows.map(toDto);
}

async function findRule(db: Db, id: string) {
  const row = await db.select().from(customRules).where(eq(customRules.id, id)).get();
  if (!row) throw domainError('NOT_FOUND', 'Custom rule not found');
  return toDto(row);
}

export async function createCustomRule(db: Db, fields: CustomRuleFields): Promise<CustomRuleDto> {
  assertValid(fields);
  const now = Date.now();
  const [row] = await db
    .insert(customRules)
    .values({
      id: crypto.randomUUID(),
      name: fields.name,
      enabled: fields.enabled,
      priority: fields.priority,
      conditions: { ...fields.conditions },
      actions: { ...fields.actions },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  invalidateClassifyConfig();
  return toDto(row!);
}

/** Given fields replace the stored ones (conditions and actions as a whole); the result must still be valid. */
export async function updateCustomRule(db: Db, id: string, updates: Partial<CustomRuleFields>): Promise<CustomRuleDto> {
  const current = await findRule(db, id);
  const next: CustomRuleFields = {
    name: updates.name ?? current.name,
    enabled: updates.enabled ?? current.enabled,
    priority: updates.priority ?? current.priority,
    conditions: updates.conditions ?? current.conditions,
    actions: updates.actions ?? current.actions,
  };
  assertValid(next);
  const [row] = await db
    .update(customRules)
    .set({ ...next, conditions: { ...next.conditions }, actions: { ...next.actions }, updatedAt: Date.now() })
    .where(eq(customRules.id, id))
    .returning();
  if (!row) throw domainError('NOT_FOUND', 'Custom rule not found');
  invalidateClassifyConfig();
  return toDto(row);
}

export async function deleteCustomRule(db: Db, id: string): Promise<{ id: string }> {
  const row = await deleteById(db, customRules, id, 'Custom rule not found');
  invalidateClassifyConfig();
  return row;
}

/**
 * "Test this rule against recent news": which of the newest stored items (garbage and test items
 * included, since a rule may be meant to catch them) the rule's conditions select. Read-only.
 */
export async function previewCustomRule(
  newsDb: NewsDb,
  rule: Pick<CustomRule, 'conditions'> & Partial<Omit<CustomRule, 'conditions'>>,
): Promise<RulePreview> {
  const rows = await newsDb
    .select({
      id: newsItems.id,
      ts: newsItems.ts,
      title: newsItems.title,
      body: newsItems.body,
      sourceId: newsItems.sourceId,
      sourceKind: newsItems.sourceKind,
      symbols: newsItems.symbols,
      importance: newsItems.importance,
      isGarbage: newsItems.isGarbage,
      isTest: newsItems.isTest,
    })
    .from(newsItems)
    .orderBy(desc(newsItems.ts), desc(newsItems.id))
    .limit(RULE_PREVIEW_ITEMS);
  const subjects = rows.map((row) => ({ ...row, body: row.body ?? undefined, sourceKind: row.sourceKind as SourceKind }));
  const { error, tested, matches } = testRuleAgainst(
    {
      id: 'preview',
      name: rule.name ?? 'preview',
      enabled: true,
      priority: 0,
      actions: rule.actions ?? {},
      conditions: rule.conditions,
    },
    subjects,
  );
  return { error, tested, matches: matches.map(({ body: _body, ...item }) => item) };
}
