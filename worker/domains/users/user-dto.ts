import type { UserRow } from '../../db/schema/users';

/** The user as the API shows it (docs/PRODUCT-RULES.md §2 field names). Never includes the password hash. */
export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    image: u.image,
    role: u.role,
    approved: u.approved,
    isRiskTeam: u.isRiskTeam,
    can_use_terminal: u.canUseTerminal,
    disabled: u.disabled,
    createdAt: u.createdAt,
    approvedAt: u.approvedAt,
    lastLoginAt: u.lastLoginAt,
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
