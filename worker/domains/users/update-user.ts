import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import type { Role } from '../../contract/enums';
import { users, type UserRow } from '../../db/schema/users';
import { isAdminRole } from '../auth/access';
import { domainError } from '../../lib/domain-error';
import { toUserDto } from './user-dto';

export interface UserChanges {
  approved?: boolean;
  role?: Role;
  isRiskTeam?: boolean;
  can_use_terminal?: boolean;
  disabled?: boolean;
}

/**
 * docs/PRODUCT-RULES.md §2: nobody demotes or disables themselves; only a superadmin touches admin roles, and
 * only a superadmin changes anything (role, approval, flags, disabled) of another admin, so a plain
 * admin cannot lock a fellow admin out.
 */
function assertAllowed(actor: UserRow, target: UserRow, changes: UserChanges) {
  if (!isAdminRole(actor.role)) throw domainError('FORBIDDEN', 'Admin access required');
  const self = actor.id === target.id;
  const superActor = actor.role === 'superadmin';
  const roleChanges = changes.role !== undefined && changes.role !== target.role;
  if (self && roleChanges) throw domainError('FORBIDDEN', 'You cannot change your own role');
  if (self && (changes.approved === false || changes.disabled === true))
    throw domainError('FORBIDDEN', 'You cannot unapprove or disable your own account');
  if (!superActor && !self && isAdminRole(target.role))
    throw domainError('FORBIDDEN', 'Only a superadmin can change another admin');
  if (!superActor && roleChanges && isAdminRole(changes.role!))
    throw domainError('FORBIDDEN', 'Only a superadmin can change admin roles');
}

/** `target` is the user as the caller read it just before (undefined: not found). */
export async function updateUser(db: Db, actor: UserRow, target: UserRow | undefined, changes: UserChanges) {
  if (!target) throw domainError('NOT_FOUND', 'User not found');
  const targetId = target.id;
  assertAllowed(actor, target, changes);

  const now = Date.now();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (changes.approved !== undefined) {
    set.approved = changes.approved;
    set.approvedAt = changes.approved ? (target.approvedAt ?? now) : null;
  }
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.isRiskTeam !== undefined) set.isRiskTeam = changes.isRiskTeam;
  if (changes.can_use_terminal !== undefined) set.canUseTerminal = changes.can_use_terminal;
  if (changes.disabled !== undefined) set.disabled = changes.disabled;

  // Only if the role the rules were checked against still stands (an admin promoted meanwhile is
  // not changed by a plain admin's stale read).
  const update = db
    .update(users)
    .set(set)
    .where(and(eq(users.id, targetId), eq(users.role, target.role)))
    .returning();
  // Disabling ends every session at once: refresh is refused from now on.
  const [rows] = changes.disabled
    ? await db.batch([
        update,
        db.update(sessions).set({ revokedAt: now, revokedReason: 'disabled' }).where(eq(sessions.userId, targetId)),
      ])
    : [await update];
  const row = rows[0];
  if (!row) throw domainError('CONFLICT', 'This user was changed or removed meanwhile; reload and try again');
  return toUserDto(row);
}
