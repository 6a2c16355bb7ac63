import type { Context } from 'hono';
import { outcomeOf } from '../domains/audit/audit-log';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/request';
import { auditActor, auditTrail } from '../wiring/audit';

/** What the call learns as it goes: its checked input, and the caller's email once D1 confirmed them. */
export interface ServerFnAuditNote {
  input?: unknown;
  actorEmail?: string | null;
}

/**
 * Every admin write among the server functions is a change to the shared news configuration
 * (sources, mappings, rules, thresholds, X sessions) or to the Telegram chats: one audit entry each,
 * with the input (secrets masked) as "after" and the id as the target. The entry wraps the access
 * check too, so a refusal (a lost power, a missing second factor) is recorded; anonymous callers
 * are not (anyone could fill the trail with them).
 */
export async function audited<T>(c: Context<AppEnv>, name: string, run: (note: ServerFnAuditNote) => Promise<T>) {
  const action = /TelegramChat/.test(name) ? 'telegram.chat' : 'news.settings';
  const session = c.get('session');
  const note: ServerFnAuditNote = {};
  const entry = () => {
    const input = note.input;
    const id = input && typeof input === 'object' && 'id' in input ? String(input.id) : null;
    return { action, target: { type: name, id: id ?? name }, after: input, actorEmail: note.actorEmail } as const;
  };
  const record = auditTrail(c.env);
  const actor = auditActor(session, clientIp(c));
  try {
    const result = await run(note);
    record(actor, { ...entry(), result: 'done' });
    return result;
  } catch (err) {
    if (session) record(actor, { ...entry(), ...outcomeOf(err) });
    throw err;
  }
}
