import { implement } from '@orpc/server';
import { STEP_UP_PROCEDURES } from '../access-policy';
import type { Contract } from '../contract';
import { contract } from '../contract';
import { outcomeOf, type AuditNote } from '../domains/audit/audit-log';
import type { AccessLevel } from '../domains/auth/access';
import { auditActor, auditTrail } from '../wiring/audit';
import { freshCheck } from '../wiring/second-factor';
import { admitCaller } from './admit-caller';
import { defaultNote, RPC_AUDIT } from './audited';
import type { RpcContext } from './context';

/** Base procedures, one per access level: a procedure declares its level by the base it uses. */
export const pub = implement(contract).$context<RpcContext>();

/**
 * The audit trail's entry for the procedures of RPC_AUDIT (audited.ts), around everything else, so
 * a refusal by the access check (a missing power or second factor, a stale step-up) is recorded
 * too. Anonymous callers are not: anyone could fill the trail with them.
 */
const audit = pub.middleware(async ({ context, next, path }, input) => {
  const name = path[0] as keyof Contract;
  const action = RPC_AUDIT[name];
  if (!action) return next();
  const note: AuditNote = {};
  const record = auditTrail(context.env);
  const actor = auditActor(context.session, context.ip);
  const noted = (output?: unknown) =>
    note.target || note.after !== undefined ? note : { ...defaultNote(name, input, output), ...note };
  try {
    const out = await next({ context: { auditNote: note } });
    record(actor, { action, ...noted(out.output), result: 'done' });
    return out;
  } catch (err) {
    if (context.session) record(actor, { action, ...noted(), ...outcomeOf(err) });
    throw err;
  }
});

/**
 * Every procedure's access check (admit-caller.ts): writes are the procedures whose route method is
 * not GET; step-up procedures (access-policy.ts) need a second factor confirmed in the last 5 minutes.
 */
const guard = (level: AccessLevel) =>
  pub.middleware(async ({ context, next, procedure, path }) => {
    const stepUp = STEP_UP_PROCEDURES.has(path[0] as keyof Contract);
    const writes = procedure['~orpc'].route.method !== 'GET';
    const admitted = await admitCaller(context.db, level, context.session, writes, freshCheck(context.env, stepUp));
    if (context.auditNote && admitted.actor) context.auditNote.actorEmail = admitted.actor.email;
    return next({ context: admitted });
  });

const base = pub.use(audit);
export const authed = base.use(guard('authed'));
export const approved = base.use(guard('approved'));
export const riskTeam = base.use(guard('riskTeam'));
export const terminal = base.use(guard('terminal'));

/** Admin handlers act as the caller D1 has: every admin call was confirmed by the guard. */
export const admin = base.use(guard('admin')).use(({ context, next }) => {
  if (!context.actor) throw new Error('admin call without a confirmed caller');
  return next({ context: { actor: context.actor } });
});
