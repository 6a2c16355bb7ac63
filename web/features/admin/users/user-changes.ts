import type { Role } from '@contract/enums';
import type { User } from '@contract/types';

export type UserChanges = Partial<Pick<User, 'approved' | 'role' | 'isRiskTeam' | 'can_use_terminal' | 'disabled'>>;

const ROLE_RANK: Record<Role, number> = { user: 0, admin: 1, superadmin: 2 };
export const ROLE_LABEL: Record<Role, string> = { user: 'User', admin: 'Admin', superadmin: 'Superadmin' };

/** A change that lowers someone's access needs a confirmation first (unapprove, demote, remove a flag, disable). */
export function describeDemotion(
  user: User,
  changes: UserChanges,
): { title: string; description: string; action: string } | null {
  const who = user.name || user.email;
  if (changes.approved === false && user.approved)
    return {
      title: `Unapprove ${who}?`,
      description: 'They lose access to the dashboards, the news feed and every page that needs approval.',
      action: 'Unapprove',
    };
  if (changes.role && ROLE_RANK[changes.role] < ROLE_RANK[user.role])
    return {
      title: `Change ${who} to ${ROLE_LABEL[changes.role]}?`,
      description: `They lose the ${ROLE_LABEL[user.role].toLowerCase()} role and the access that comes with it.`,
      action: 'Change role',
    };
  if (changes.isRiskTeam === false && user.isRiskTeam)
    return {
      title: `Remove ${who} from the risk team?`,
      description: 'They lose access to the risk-team pages.',
      action: 'Remove',
    };
  if (changes.can_use_terminal === false && user.can_use_terminal)
    return {
      title: `Remove terminal access for ${who}?`,
      description: 'They can no longer open the terminal.',
      action: 'Remove access',
    };
  if (changes.disabled === true && !user.disabled)
    return {
      title: `Disable ${who}?`,
      description: 'Their sessions end and they cannot sign in until enabled again.',
      action: 'Disable',
    };
  return null;
}

/**
 * Granting an admin role hands over the admin pages (users, accounts, the todo list, the API docs):
 * as weighty as taking access away, so it asks first too.
 */
export function describePromotion(
  user: User,
  changes: UserChanges,
): { title: string; description: string; action: string; destructive: false } | null {
  const role = changes.role;
  if (!role || !isAdminRole(role) || ROLE_RANK[role] <= ROLE_RANK[user.role]) return null;
  const who = user.name || user.email;
  return role === 'superadmin'
    ? {
        title: `Make ${who} a superadmin?`,
        description: 'They can change every user, other admins included, and grant or remove the admin roles.',
        action: 'Make superadmin',
        destructive: false,
      }
    : {
        title: `Make ${who} an admin?`,
        description:
          'They reach the admin pages: approve, disable and change users who are not admins, assign exchange accounts, the todo list and the API docs.',
        action: 'Make admin',
        destructive: false,
      };
}

/** The confirmation a change needs, if any: one that lowers access or grants an admin role. */
export const describeConfirmation = (user: User, changes: UserChanges) =>
  describeDemotion(user, changes) ?? describePromotion(user, changes);

/** The toast text for a successful change. */
export function describeChange(user: User, changes: UserChanges): string {
  const parts: string[] = [];
  if (changes.approved !== undefined) parts.push(changes.approved ? 'Approved' : 'Unapproved');
  if (changes.role !== undefined) parts.push(`Role set to ${ROLE_LABEL[changes.role]}`);
  if (changes.isRiskTeam !== undefined) parts.push(changes.isRiskTeam ? 'Added to the risk team' : 'Removed from the risk team');
  if (changes.can_use_terminal !== undefined)
    parts.push(changes.can_use_terminal ? 'Terminal access granted' : 'Terminal access removed');
  if (changes.disabled !== undefined) parts.push(changes.disabled ? 'Disabled' : 'Enabled');
  return `${parts.join(', ')}: ${user.email}`;
}

export function isAdminRole(role: Role) {
  return role === 'admin' || role === 'superadmin';
}

export const SUPERADMIN_ONLY = 'Only a superadmin can change another admin';

/** What the signed-in admin may change on a row; the server enforces the same rules (docs/PRODUCT-RULES.md §2). */
export function rowAbilities(actor: User, target: User) {
  const self = actor.id === target.id;
  const actorIsSuper = actor.role === 'superadmin';
  // A plain admin leaves every other admin alone: role, approval, flags and disabled state.
  const canTouch = actorIsSuper || self || !isAdminRole(target.role);
  return {
    self,
    /** Why the row's controls are off, when they all are. */
    lockedReason: canTouch ? null : SUPERADMIN_ONLY,
    canApprove: canTouch && !(self && target.approved),
    canDisable: canTouch && !self,
    canEditFlags: canTouch,
    /** Roles the actor may pick for this row (the current one is always listed). */
    roleOptions: (['user', 'admin', 'superadmin'] as const).map((role) => ({
      role,
      disabled:
        role !== target.role &&
        (!canTouch || (!actorIsSuper && (isAdminRole(role) || isAdminRole(target.role))) || (self && !isAdminRole(role))),
    })),
  };
}
