import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../db/schema-news';
import { loadClassifyConfig } from '../domains/news/ingest/classify-config';
import { RULE_PREVIEW_ITEMS } from '../domains/news/settings/rule-store';
import { db, newsDb, insertUser, signedInJar } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('rules-fn');


const T0 = Date.UTC(2026, 0, 5, 12);

function item(i: number, title: string, over: Partial<typeof newsItems.$inferInsert> = {}): typeof newsItems.$inferInsert {
  return {
    ts: T0 + i * 1000,
    receivedAt: T0 + i * 1000,
    sourceId: 'rss-desk',
    sourceKind: 'rss',
    title,
    symbols: [],
    importance: 'medium',
    dedupKey: `k${i}`,
    metadata: {},
    ...over,
  };
}

beforeAll(async () => {
  // 250 items; only the newest 200 are looked at by the preview.
  const rows = Array.from({ length: 250 }, (_, i) =>
    i === 0
      ? item(i, 'Old bitcoin story, out of the preview window', { symbols: ['BTC'] })
      : i % 50 === 0
        ? item(i, `Bitcoin hits record ${i}`, { symbols: ['BTC'], importance: 'high' })
        : i === 245
          ? item(i, 'Spam: free ETH giveaway', { symbols: ['ETH'], isGarbage: true, sourceKind: 'twitter', sourceId: 'tw' })
          : item(i, `Market wrap ${i}`),
  );
  for (let i = 0; i < rows.length; i += 5) await newsDb.insert(newsItems).values(rows.slice(i, i + 5));
});

const validRule = {
  name: 'BTC is high',
  conditions: { text: 'bitcoin', symbols: ['btc'] },
  actions: { importance: 'high', forwardToTelegram: true },
};

describe('custom rules', () => {
  it('create (defaults enabled, priority 100) → list in run order → update → delete', async () => {
    const created = await callFn('createCustomRule', jars.admin, validRule);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'BTC is high',
      enabled: true,
      priority: 100,
      conditions: { text: 'bitcoin', symbols: ['BTC'] },
      actions: { importance: 'high', forwardToTelegram: true },
    });
    const first = await callFn('createCustomRule', jars.admin, { ...validRule, name: 'Runs first', priority: 1 });
    const list = await callFn('getCustomRules', jars.trader);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Runs first', 'BTC is high']);

    const updated = await callFn('updateCustomRule', jars.admin, {
      id: created.body.id,
      updates: { enabled: false, conditions: { text: '^ETF', isRegex: true } },
    });
    expect(updated.body).toMatchObject({ id: created.body.id, enabled: false, conditions: { text: '^ETF', isRegex: true } });
    expect((await loadClassifyConfig(db)).customRules.find((r) => r.id === created.body.id)).toMatchObject({ enabled: false });

    expect((await callFn('deleteCustomRule', jars.admin, { id: first.body.id })).body).toEqual({ id: first.body.id });
    expect((await loadClassifyConfig(db)).customRules.map((r) => r.id)).toEqual([created.body.id]);
    await callFn('deleteCustomRule', jars.admin, { id: created.body.id });
  });

  it("refuses unusable rules with 400 and validateRule's message", async () => {
    const noCondition = await callFn('createCustomRule', jars.admin, { ...validRule, conditions: {} });
    expect(noCondition).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Add at least one condition (source, text, symbols or minimum importance)' },
    });
    const noAction = await callFn('createCustomRule', jars.admin, { ...validRule, actions: {} });
    expect(noAction.body.message).toBe('Add at least one action');
    const hugeRegex = await callFn('createCustomRule', jars.admin, {
      ...validRule,
      conditions: { text: '.{0,1000}.{0,1000}x', isRegex: true },
    });
    expect(hugeRegex.status).toBe(400);
    expect(hugeRegex.body.message).toMatch(/too complex/);
    const badRegex = await callFn('createCustomRule', jars.admin, {
      ...validRule,
      conditions: { text: '(unclosed', isRegex: true },
    });
    expect(badRegex.body.message).toMatch(/^Invalid regular expression/);

    // An update is validated as the whole resulting rule.
    const created = await callFn('createCustomRule', jars.admin, validRule);
    const emptied = await callFn('updateCustomRule', jars.admin, { id: created.body.id, updates: { actions: {} } });
    expect(emptied).toMatchObject({ status: 400, body: { message: 'Add at least one action' } });
    expect((await callFn('getCustomRules', jars.admin)).body.find((r: { id: string }) => r.id === created.body.id).actions).toEqual(
      validRule.actions,
    );
    await callFn('deleteCustomRule', jars.admin, { id: created.body.id });
  });

  it('answers shape problems with field issues and unknown ids with 404', async () => {
    const res = await callFn('createCustomRule', jars.admin, {
      name: ' ',
      priority: 1.5,
      conditions: { importanceAtLeast: 'urgent', extra: true },
      actions: { importance: 'high' },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body).sort()).toEqual(['conditions', 'conditions.importanceAtLeast', 'name', 'priority']);
    expect((await callFn('updateCustomRule', jars.admin, { id: 'missing', updates: { enabled: true } })).status).toBe(404);
    expect((await callFn('deleteCustomRule', jars.admin, { id: 'missing' })).status).toBe(404);
  });

  it('lets only admins change rules', async () => {
    expect((await callFn('createCustomRule', jars.trader, validRule)).status).toBe(403);
    expect((await callFn('deleteCustomRule', jars.trader, { id: 'x' })).status).toBe(403);
    expect((await callFn('getCustomRules', undefined)).status).toBe(401);
  });
});

describe('testCustomRule (preview against recent news)', () => {
  it(`matches the rule's conditions against the ${RULE_PREVIEW_ITEMS} newest items, newest first`, async () => {
    const res = await callFn('testCustomRule', jars.trader, { rule: { conditions: { text: 'bitcoin' } } });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.tested).toBe(RULE_PREVIEW_ITEMS);
    // i = 50, 100, 150, 200 match; i = 0 is outside the newest 200.
    expect(res.body.matches.map((m: { title: string }) => m.title)).toEqual([
      'Bitcoin hits record 200',
      'Bitcoin hits record 150',
      'Bitcoin hits record 100',
      'Bitcoin hits record 50',
    ]);
    expect(res.body.matches[0]).toEqual({
      id: expect.any(Number),
      ts: T0 + 200_000,
      title: 'Bitcoin hits record 200',
      sourceId: 'rss-desk',
      sourceKind: 'rss',
      symbols: ['BTC'],
      importance: 'high',
      isGarbage: false,
      isTest: false,
    });
  });

  it('includes garbage items and combines conditions (AND), ignoring enabled', async () => {
    const res = await callFn('testCustomRule', jars.trader, {
      rule: { name: 'x', enabled: false, conditions: { sources: ['twitter'], symbols: ['eth'], text: 'GIVEAWAY' }, actions: {} },
    });
    expect(res.body.matches.map((m: { title: string }) => m.title)).toEqual(['Spam: free ETH giveaway']);
  });

  it('reports a bad regex as an error instead of failing', async () => {
    const res = await callFn('testCustomRule', jars.trader, { rule: { conditions: { text: '(a*', isRegex: true } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matches: [], error: expect.stringMatching(/^Invalid regular expression/) });
  });


  it('validates the rule shape and needs an approved user', async () => {
    expect((await callFn('testCustomRule', jars.trader, {})).status).toBe(400);
    expect((await callFn('testCustomRule', jars.trader, { rule: { conditions: { text: 5 } } })).status).toBe(400);
    const pending = await signedInJar(await insertUser({ approved: false }));
    expect((await callFn('testCustomRule', pending, { rule: { conditions: { text: 'x' } } })).status).toBe(403);
    expect((await callFn('testCustomRule', undefined, { rule: { conditions: { text: 'x' } } })).status).toBe(401);
  });
});

// Last in the file: it stores the newest headline, which would shift the other previews.
describe('testCustomRule on hostile headlines', () => {
  it('runs overlapping-alternation patterns (ReDoS in a backtracking engine) in linear time', async () => {
    // Exponential in JavaScript's RegExp on this headline; RE2 answers at once.
    await newsDb.insert(newsItems).values(item(1000, `${'1'.repeat(60)}!`, { dedupKey: 'redos' }));
    for (const text of ['(\\w|\\d)+$', '(.|.)*X', '(a|a)*b']) {
      const res = await callFn('testCustomRule', jars.trader, { rule: { conditions: { text, isRegex: true } } });
      expect(res).toMatchObject({ status: 200, body: { error: null } });
      expect(res.body.matches.map((m: { title: string }) => m.title)).not.toContain(`${'1'.repeat(60)}!`);
    }
  });
});
