import { implement } from '@orpc/server';
import { STEP_UP_PROCEDURES, WRITES_CHECKED_ALONGSIDE } from '../access-policy';
import type { Contract } from '../contract';
import { contract } from '../contract';
import { outcomeOf, type AuditNote } from '../domains/audit/audit-log';
import { assertAccess, type AccessLevel, type Session } from '../domains/auth/access';
import { confirmsInD1 } from '../domains/auth/fresh-caller';
import { auditActor, auditTrail } from '../wiring/audit';
import { freshCheck } from '../wiring/second-factor';
import { primaryDb } from '../wiring/d1-session';
import { admitCaller } from './admit-caller';
import { admitAlongside, alreadyChecked, type AdmittedRun } from './admit-alongside';
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
 * Reads, and the writes of WRITES_CHECKED_ALONGSIDE, run their first reads in the same D1 round as
 * the caller's fresh check (admit-alongside.ts: their effects and their answer wait for it).
 */
const guard = (level: AccessLevel) =>
  pub.middleware(async ({ context, next, procedure, path }) => {
    const name = path[0] as keyof Contract;
    const stepUp = STEP_UP_PROCEDURES.has(name);
    const writes = procedure['~orpc'].route.method !== 'GET';
    const check = freshCheck(context.env, stepUp);
    const token = context.session;
    const proceed = async (run: AdmittedRun) => next({ context: run });
    if (confirmsInD1(level, writes, token, stepUp) && (!writes || WRITES_CHECKED_ALONGSIDE.has(name))) {
      const { out, admitted } = await admitAlongside(
        context.env,
        level,
        assertAccess(level, token) as Session,
        check,
        { holdObjects: writes },
        proceed,
      );
      if (context.auditNote && admitted.actor) context.auditNote.actorEmail = admitted.actor.email;
      return out;
    }
    const admitted = await admitCaller(primaryDb(context.env), level, token, writes, check);
    if (context.auditNote && admitted.actor) context.auditNote.actorEmail = admitted.actor.email;
    return proceed({ ...admitted, db: context.db, env: context.env, checkPassed: alreadyChecked });
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
