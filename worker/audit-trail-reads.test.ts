// The audit trail, read: filters, export, the risk team's part, and that nothing can change it (audit-trail.test.ts: what it records).
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RPC_ACCESS, SERVER_FN_ACCESS } from './access-policy';
import { contract } from './contract';
import { TRADING_AUDIT_ACTIONS } from './contract/enums';
import { auditLog } from './db/schema-audit';
import type { CookieJar } from './test/harness';
import type { UserRow } from './db/schema/users';
import { insertUser, rpcClient, signedInJar } from './test/harness';
import { auditDb, auditEmail as unique, auditEntries, signedInRoot } from './test/second-factor-helpers';
import { appendAudit } from './domains/audit/audit-log';

let root: UserRow;
let rootJar: CookieJar;

beforeAll(async () => void ({ root, rootJar } = await signedInRoot()));

describe('reading the trail', () => {
  it('filters by user, action, target and time; pages back; tails what came since', async () => {
    const actor = await insertUser({ role: 'admin', email: unique('reader') });
    const jar = await signedInJar(actor);
    const targets = await Promise.all([1, 2, 3].map((i) => insertUser({ email: unique(`t${i}`), approved: false })));
    for (const t of targets) await rpcClient(jar).updateUser({ id: t.id, approved: true });
    await auditEntries({ action: 'user.update', actorId: actor.id }, 3);
    const client = rpcClient(rootJar);

    const byActor = await client.listAuditLog({ filters: { actorId: actor.id } });
    expect(byActor.entries).toHaveLength(3);
    expect(byActor.entries.map((e) => e.target?.id)).toEqual(targets.map((t) => t.id).reverse());
    const byTarget = await client.listAuditLog({ filters: { target: targets[1]!.email } });
    expect(byTarget.entries.map((e) => e.target?.id)).toEqual([targets[1]!.id]);
    const byTargetId = await client.listAuditLog({ filters: { target: targets[1]!.id, action: 'user.update' } });
    expect(byTargetId.entries).toHaveLength(1);
    expect(await client.listAuditLog({ filters: { actorId: actor.id, action: 'order.place' } })).toMatchObject({ entries: [] });
    const newest = byActor.entries[0]!;
    const future = await client.listAuditLog({ filters: { actorId: actor.id, from: newest.at + 1 } });
    expect(future.entries).toHaveLength(0);
    const upTo = await client.listAuditLog({ filters: { actorId: actor.id, from: newest.at - 60_000, to: newest.at } });
    expect(upTo.entries).toHaveLength(3);
    await expect(client.listAuditLog({ filters: { from: 10, to: 5 } })).rejects.toMatchObject({ status: 400 });
    // A time range is at most 400 days (a year's retention and then some); an open end is not limited.
    await expect(client.listAuditLog({ filters: { from: 0, to: newest.at } })).rejects.toMatchObject({ status: 400 });
    expect((await client.listAuditLog({ filters: { actorId: actor.id, from: 0 } })).entries).toHaveLength(3);

    const page1 = await client.listAuditLog({ filters: { actorId: actor.id }, limit: 2 });
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextBeforeId).toBe(page1.entries[1]!.id);
    const page2 = await client.listAuditLog({ filters: { actorId: actor.id }, limit: 2, beforeId: page1.nextBeforeId! });
    expect(page2).toMatchObject({ entries: [{ id: byActor.entries[2]!.id }], nextBeforeId: null });

    const tail = await client.listAuditLog({ filters: { actorId: actor.id }, afterId: byActor.entries[1]!.id });
    expect(tail.entries.map((e) => e.id)).toEqual([newest.id]);
  });

  it('exports the filtered trail as CSV', async () => {
    const { csv, rows, truncated } = await rpcClient(rootJar).exportAuditLog({ filters: { action: 'user.update' } });
    expect(rows).toBeGreaterThan(0);
    expect(truncated).toBe(false);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[1]).toContain(',user.update,');
  });

  it('shows the risk team the trading part for one trader, and nothing else', async () => {
    const risk = await signedInJar(await insertUser({ isRiskTeam: true, email: unique('risk') }));
    const trader = await insertUser({ email: unique('desk') });
    const client = rpcClient(rootJar);
    await client.setTradingEnabled({ traderId: trader.id, enabled: false });
    await client.setRiskLimit({ traderId: trader.id, kind: 'maxLeverage', value: 4 });
    await client.updateUser({ id: trader.id, isRiskTeam: false });
    await auditEntries({ targetId: trader.id }, 3);
    const { entries } = await rpcClient(risk).listTradingAudit({ traderId: trader.id });
    expect(entries.map((e) => e.action).sort()).toEqual(['risk.limit', 'trading.switch']);
    for (const e of entries) expect(TRADING_AUDIT_ACTIONS).toContain(e.action);
    await expect(rpcClient(risk).listAuditLog({})).rejects.toMatchObject({ status: 403 });
  });
});

describe('append-only: no update or delete path', () => {
  it('refuses UPDATE and DELETE through the app’s own database client and raw D1', async () => {
    await appendAudit(auditDb, { userId: null, sessionId: null, ip: null }, { action: 'auth.signOut', result: 'done' });
    const [row] = await auditDb.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1);
    const refusedByTrigger = async (write: Promise<unknown>) => {
      const err = await write.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, 'the write went through').not.toBeNull();
      // drizzle wraps D1's error: the trigger's message is in the cause.
      expect(`${String(err)} ${String((err as { cause?: unknown }).cause)}`).toMatch(/append-only/);
    };
    await refusedByTrigger(auditDb.update(auditLog).set({ result: 'refused' }).where(eq(auditLog.id, row!.id)));
    await refusedByTrigger(auditDb.delete(auditLog).where(eq(auditLog.id, row!.id)));
    await refusedByTrigger(auditDb.delete(auditLog));
    await refusedByTrigger(env.AUDIT_DB.prepare('UPDATE audit_log SET actor_id = ?').bind('x').run());
    await refusedByTrigger(env.AUDIT_DB.prepare('DELETE FROM audit_log').run());
    // Nor can a batch slip one through beside an insert: the whole batch fails.
    await refusedByTrigger(
      env.AUDIT_DB.batch([
        env.AUDIT_DB.prepare("INSERT INTO audit_log (at, action, result) VALUES (1, 'auth.signOut', 'done')"),
        env.AUDIT_DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(row!.id),
      ]),
    );
    const [still] = await auditDb.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });

  it('offers no procedure that writes it: the audit procedures only read (GET)', () => {
    for (const name of ['listAuditLog', 'exportAuditLog', 'listTradingAudit'] as const) {
      expect(contract[name]['~orpc'].route.method, name).toBe('GET');
      expect(RPC_ACCESS[name]).not.toBe('public');
    }
  });

  it('keeps every existing entry unchanged while every procedure and server function is called', async () => {
    // Sample inputs of the access matrix; each procedure is called by a superadmin with the terminal
    // and the risk-team flag (the one caller every level admits), with its sample or a hostile input.
    const { setUpAccessFixtures, sampleInputs, asyncInputs, callServerFn } = await import('./test/access-fixtures');
    await setUpAccessFixtures();
    for (let i = 0; i < 12; i++)
      await appendAudit(
        auditDb,
        { userId: root.id, sessionId: null, ip: '192.0.2.1' },
        { action: 'auth.signIn', result: 'done' },
      );
    const before = await auditDb.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(before.length).toBeGreaterThan(10);
    const client = rpcClient(rootJar) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    for (const name of Object.keys(RPC_ACCESS)) {
      if (name === 'endOtherSessions' || name === 'resetUserSecondFactors') continue;
      const input = asyncInputs[name] ? await asyncInputs[name]('admin').catch(() => undefined) : sampleInputs[name]?.();
      for (const attempt of [input ?? {}, { id: before[0]!.id, ids: [before[0]!.id], all: true }]) {
        const result = await client[name]!(attempt).catch(() => null);
        if (result && typeof result === 'object' && Symbol.asyncIterator in result)
          await (result as AsyncGenerator).return(undefined);
      }
    }
    for (const name of Object.keys(SERVER_FN_ACCESS)) {
      if (name === 'signOut') continue;
      await callServerFn(name as never, rootJar.header()).catch(() => null);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await auditDb.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
    // Ids only grow: nothing was inserted among the old entries.
    expect(after.map((r) => r.id)).toEqual([...after.map((r) => r.id)].sort((a, b) => a - b));
  }, 120_000);
});
