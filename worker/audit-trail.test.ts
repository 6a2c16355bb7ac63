import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from './db/schema-audit';
import { tradingHalts } from './db/schema/orders';
import { riskLimits } from './db/schema/risk';
import { addAccount } from './domains/accounts/manage-accounts';
import { setLimit } from './domains/risk/limit-store';
import { callFn } from './server-fns/news-test-client';
import type { CookieJar } from './test/harness';
import type { UserRow } from './db/schema/users';
import { db, insertUser, postJson, rpcClient, signedInJar } from './test/harness';
import {
  auditDb,
  auditEmail as unique,
  auditEntries,
  sessionIdOf,
  signInWithTotp,
  signedInRoot,
} from './test/second-factor-helpers';
import { book, insertUnsentOrder, order, tradingClient } from './test/order-traders';
import { position } from './test/snapshot-builders';
import { auditCsv, csvField } from './domains/audit/audit-csv';
import { auditValue, outcomeOf } from './domains/audit/audit-log';
import { domainError } from './lib/domain-error';

let root: UserRow;
let rootJar: CookieJar;

beforeAll(async () => void ({ root, rootJar } = await signedInRoot()));

describe('what an entry keeps', () => {
  it('masks secrets whatever the key, keeps counts, and bounds the size', () => {
    expect(
      auditValue({
        apiKey: 'AKIA',
        apiSecret: 's',
        password: 'p',
        token: 't',
        code: '123456',
        recoveryCodes: ['a'],
        nested: { privateKey: 'k', api_key: 'x' },
        recoveryCodesLeft: 9,
        label: 'Phone',
      }),
    ).toEqual({
      apiKey: '[hidden]',
      apiSecret: '[hidden]',
      password: '[hidden]',
      token: '[hidden]',
      code: '[hidden]',
      recoveryCodes: '[hidden]',
      nested: { privateKey: '[hidden]', api_key: '[hidden]' },
      recoveryCodesLeft: 9,
      label: 'Phone',
    });
    const big = auditValue({ text: 'x'.repeat(10_000) }) as { truncated: string };
    expect(big.truncated.length).toBe(4000);
    expect(auditValue(undefined)).toBeNull();
  });

  it('tells a refusal (its message and reason) from a failure (no internals)', () => {
    expect(outcomeOf(domainError('FORBIDDEN', 'Nope', { reason: 'stepUpRequired' }))).toEqual({
      result: 'refused',
      reason: 'Nope (stepUpRequired)',
    });
    expect(outcomeOf(new Error('db exploded at /secret/path'))).toEqual({ result: 'failed', reason: 'Internal server error' });
  });

  it('exports CSV that a spreadsheet cannot run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    const csv = auditCsv([]);
    expect(csv.split('\r\n')[0]).toBe(
      'id,time (UTC),actor,actor id,session,ip,action,target type,target,target label,before,after,result,reason',
    );
  });
});

describe('the trail records every privileged action: who, what, before → after, when, where, result', () => {
  it('orders: placed, refused with the limit, cancelled', async () => {
    await db.delete(riskLimits);
    await db.delete(tradingHalts);
    const t = await tradingClient();
    // As docs/RISK-MODEL.md's pre-trade check sees it: leverage 2 now, a limit of 3.
    await book(t.account.id, 10_000, [position('BTCUSDT', 'LONG', 20_000)]);
    await setLimit(db, root.id, { traderId: t.user.id, kind: 'maxLeverage', value: 3 });
    const refused = order(t.account.email, 'ETH', 'BUY', 15_000);
    await expect(t.client.placeOrder(refused)).rejects.toMatchObject({ status: 412 });
    await db.delete(riskLimits);
    const placed = order(t.account.email, 'ETH', 'BUY', 100);
    const done = await t.client.placeOrder(placed);
    const entries = await auditEntries({ action: 'order.place', actorId: t.user.id }, 2);
    expect(entries[0]).toMatchObject({
      result: 'refused',
      traderId: t.user.id,
      after: { clientOrderId: refused.clientOrderId, notional: 15_000 },
    });
    expect(entries[0]!.reason).toMatch(/Max leverage 3\.00×/);
    expect(entries[1]).toMatchObject({
      result: 'done',
      traderId: t.user.id,
      targetType: 'order',
      targetId: done.id,
      after: { clientOrderId: placed.clientOrderId, symbol: 'ETHUSDT', side: 'BUY', notional: 100, status: done.status },
    });
    expect(entries[1]!.actorEmail).toBe(t.user.email);
    expect(entries[1]!.ip).toBeTruthy();

    // A filled order cannot be cancelled (409): the attempt is in the trail, refused.
    await expect(t.client.cancelOrder({ clientOrderId: placed.clientOrderId })).rejects.toMatchObject({ status: 409 });
    // An order whose outcome is unknown and that the exchange never got: cancelled.
    const clientOrderId = await insertUnsentOrder(t.user.id, t.account);
    const cancelledOrder = await t.client.cancelOrder({ clientOrderId });
    const cancels = await auditEntries({ action: 'order.cancel', actorId: t.user.id }, 2);
    expect(cancels[0]).toMatchObject({ result: 'refused', traderId: t.user.id, targetId: placed.clientOrderId });
    expect(cancels[1]).toMatchObject({
      result: 'done',
      traderId: t.user.id,
      targetType: 'order',
      targetId: cancelledOrder.id,
      after: { status: cancelledOrder.status },
    });
  });

  it('trading switches and limits, with the value before and after', async () => {
    const trader = await insertUser({ email: unique('switched'), name: 'Sam Switched' });
    const client = rpcClient(rootJar);
    await client.setTradingEnabled({ traderId: trader.id, enabled: false, reason: 'drawdown' });
    await client.setTradingEnabled({ traderId: trader.id, enabled: true });
    const switches = await auditEntries({ action: 'trading.switch', targetId: trader.id }, 2);
    expect(switches[0]).toMatchObject({
      result: 'done',
      traderId: trader.id,
      targetLabel: trader.email,
      actorId: root.id,
      sessionId: sessionIdOf(rootJar),
      before: { enabled: true },
      after: { enabled: false, reason: 'drawdown' },
    });
    expect(switches[1]).toMatchObject({ before: { enabled: false, reason: 'drawdown' }, after: { enabled: true } });

    await client.setRiskLimit({ traderId: trader.id, kind: 'maxLeverage', value: 5 });
    await client.setRiskLimit({ traderId: trader.id, kind: 'maxLeverage', value: 3 });
    const limits = await auditEntries({ action: 'risk.limit', targetId: trader.id }, 2);
    expect(limits[0]!.targetLabel).toBe(trader.email);
    expect(limits.map((e) => [e.before, e.after])).toEqual([
      [{ maxLeverage: null }, { maxLeverage: 5 }],
      [{ maxLeverage: 5 }, { maxLeverage: 3 }],
    ]);
  });

  it('trading keys set and cleared, never the key or the secret', async () => {
    const account = await addAccount(db, { exchange: 'binance', email: unique('keyed') });
    const client = rpcClient(rootJar);
    await client.setTradingKey({ accountId: account.id, apiKey: 'AuditApiKeyABCDEF', apiSecret: 'AuditApiSecretGHIJKL' });
    await client.clearTradingKey({ accountId: account.id });
    const [set] = await auditEntries({ action: 'tradingKey.set', targetId: account.id });
    const [cleared] = await auditEntries({ action: 'tradingKey.clear', targetId: account.id });
    expect(set).toMatchObject({ result: 'done', targetType: 'account', after: { tradingKey: 'set' } });
    expect(cleared).toMatchObject({ result: 'done', after: { tradingKey: 'cleared' } });
    const all = JSON.stringify(await auditDb.select().from(auditLog));
    expect(all).not.toContain('AuditApiKeyABCDEF');
    expect(all).not.toContain('AuditApiSecretGHIJKL');
  });

  it('user approval, role, flags and disabling, with before → after; an admin account assignment', async () => {
    const user = await insertUser({ email: unique('changed'), approved: false });
    const client = rpcClient(rootJar);
    await client.updateUser({ id: user.id, approved: true });
    await client.updateUser({ id: user.id, role: 'admin', isRiskTeam: true });
    await client.updateUser({ id: user.id, can_use_terminal: true, disabled: true });
    const entries = await auditEntries({ action: 'user.update', targetId: user.id }, 3);
    expect(entries[0]).toMatchObject({
      targetLabel: user.email,
      before: { approved: false, role: 'user' },
      after: { approved: true, role: 'user' },
    });
    expect(entries[1]).toMatchObject({ before: { role: 'user', isRiskTeam: false }, after: { role: 'admin', isRiskTeam: true } });
    expect(entries[2]).toMatchObject({
      before: { can_use_terminal: false, disabled: false },
      after: { can_use_terminal: true, disabled: true },
    });

    const account = await addAccount(db, { exchange: 'simulated', email: unique('assigned') });
    await client.setAccountAssignment({ userId: user.id, accountId: account.id, assigned: true });
    const [assigned] = await auditEntries({ action: 'account.assign', targetId: account.id });
    expect(assigned).toMatchObject({ result: 'done', after: { userId: user.id, assigned: true } });
  });

  it('news settings and Telegram chats (RPC and server functions alike)', async () => {
    const client = rpcClient(rootJar);
    await client.createBannedMapping({ terms: [`audit ${crypto.randomUUID().slice(0, 6)}`] });
    expect(await auditEntries({ action: 'news.settings', actorId: root.id })).not.toHaveLength(0);
    const chat = await callFn('createTelegramChat', rootJar, { chatId: '-1007001', title: 'Audit desk' });
    expect(chat.status).toBe(200);
    const [chatEntry] = await auditEntries({ action: 'telegram.chat', actorId: root.id });
    expect(chatEntry).toMatchObject({ result: 'done', targetType: 'createTelegramChat', after: { title: 'Audit desk' } });
    expect(chatEntry!.actorEmail).toBe(root.email);
    const fn = await callFn('createCustomRule', rootJar, {
      name: 'Audit rule',
      conditions: { symbols: ['BTC'] },
      actions: { importance: 'high' },
    });
    expect(fn.status).toBe(200);
    const settings = await auditEntries({ action: 'news.settings', actorId: root.id }, 2);
    expect(settings.map((e) => e.targetType)).toEqual(expect.arrayContaining(['createBannedMapping', 'createCustomRule']));
  });

  it('refusals by the access check, for RPC and server functions, with the reason', async () => {
    const trader = await insertUser({ email: unique('refused') });
    const jar = await signedInJar(trader);
    await expect(rpcClient(jar).updateUser({ id: trader.id, role: 'superadmin' })).rejects.toMatchObject({ status: 403 });
    expect((await callFn('createTelegramChat', jar, { chatId: '-1007002', title: 'Nope' })).status).toBe(403);
    const [rpc] = await auditEntries({ action: 'user.update', actorId: trader.id });
    expect(rpc).toMatchObject({ result: 'refused', after: { id: trader.id, role: 'superadmin' } });
    expect(rpc!.reason).toBeTruthy();
    const [fn] = await auditEntries({ action: 'telegram.chat', actorId: trader.id });
    expect(fn).toMatchObject({ result: 'refused' });
    // Anonymous calls are not recorded: anyone could fill the trail.
    const before = (await auditDb.select().from(auditLog)).length;
    await expect(rpcClient().updateUser({ id: trader.id, role: 'superadmin' })).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await auditDb.select().from(auditLog)).length).toBe(before);
  });

  it('sign-ins (done and refused, with the email typed), second factors and sign-out', async () => {
    const user = await insertUser({ email: unique('signs'), secondFactor: true });
    const wrong = await postJson(
      '/api/auth/sign-in/email',
      { email: user.email, password: 'wrong password!' },
      { 'cf-connecting-ip': '198.51.100.90' },
    );
    expect(wrong.status).toBe(401);
    const ghost = unique('ghost');
    await postJson(
      '/api/auth/sign-in/email',
      { email: ghost, password: 'whatever it is' },
      { 'cf-connecting-ip': '198.51.100.90' },
    );
    const jar = await signInWithTotp(user.email, { ip: '198.51.100.91' });
    expect((await postJson('/api/auth/sign-out', {}, { cookie: jar.header() })).status).toBe(200);
    const signIns = await auditEntries({ action: 'auth.signIn', where: eq(auditLog.actorEmail, user.email) }, 2);
    expect(signIns[0]).toMatchObject({ result: 'refused', ip: '198.51.100.90', reason: 'Invalid email or password' });
    expect(signIns[1]).toMatchObject({ result: 'done', ip: '198.51.100.91', actorId: user.id, after: { method: 'totp' } });
    const [unknown] = await auditEntries({ action: 'auth.signIn', where: eq(auditLog.actorEmail, ghost) });
    expect(unknown).toMatchObject({ result: 'refused', actorId: null, targetId: ghost });
    const [out] = await auditEntries({ action: 'auth.signOut', actorId: user.id });
    expect(out).toMatchObject({ result: 'done', sessionId: sessionIdOf(jar) });
    // Never the password.
    expect(JSON.stringify(await auditDb.select().from(auditLog))).not.toContain('wrong password!');
  });
});
