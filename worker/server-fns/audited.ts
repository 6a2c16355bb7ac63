import type { Context } from 'hono';
import { outcomeOf } from '../domains/audit/audit-log';
import type { Session } from '../domains/auth/access';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/request';
import { auditActor, auditTrail } from '../wiring/audit';

/**
 * Every admin write among the server functions is a change to the shared news configuration
 * (sources, mappings, rules, thresholds, X sessions) or to the Telegram chats: one audit entry each
 * (issue 28), with the input (secrets masked) as "after" and the id as the target.
 */
export async function audited<T>(
  c: Context<AppEnv>,
  name: string,
  session: Session | null,
  input: unknown,
  run: () => Promise<T> | T,
) {
  const action = /TelegramChat/.test(name) ? 'telegram.chat' : 'news.settings';
  const id = input && typeof input === 'object' && 'id' in input ? String(input.id) : null;
  const entry = { action, target: { type: name, id: id ?? name }, after: input } as const;
  const record = auditTrail(c.env);
  const actor = auditActor(session, clientIp(c));
  try {
    const result = await run();
    record(actor, { ...entry, result: 'done' });
    return result;
  } catch (err) {
    record(actor, { ...entry, ...outcomeOf(err) });
    throw err;
  }
}
