import { describe, expect, it } from 'vitest';
import type { User } from '@contract/types';
import { describeDemotion, rowAbilities } from './user-changes';

const base: User = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  role: 'user',
  approved: true,
  isRiskTeam: true,
  can_use_terminal: true,
  disabled: false,
  createdAt: 0,
  approvedAt: 0,
  lastLoginAt: null,
};
const user = (patch: Partial<User>): User => ({ ...base, ...patch });

describe('describeDemotion', () => {
  it('asks before removing access', () => {
    expect(describeDemotion(base, { approved: false })?.action).toBe('Unapprove');
    expect(describeDemotion(user({ role: 'admin' }), { role: 'user' })?.action).toBe('Change role');
    expect(describeDemotion(base, { isRiskTeam: false })?.action).toBe('Remove');
    expect(describeDemotion(base, { can_use_terminal: false })?.action).toBe('Remove access');
    expect(describeDemotion(base, { disabled: true })?.action).toBe('Disable');
  });

  it('does not ask before granting access', () => {
    expect(describeDemotion(user({ approved: false }), { approved: true })).toBeNull();
    expect(describeDemotion(base, { role: 'admin' })).toBeNull();
    expect(describeDemotion(user({ isRiskTeam: false }), { isRiskTeam: true })).toBeNull();
    expect(describeDemotion(user({ disabled: true }), { disabled: false })).toBeNull();
  });
});

describe('rowAbilities', () => {
  const superadmin = user({ id: 'root', role: 'superadmin' });
  const admin = user({ id: 'adm', role: 'admin' });

  it('never lets admins unapprove, disable or demote themselves', () => {
    const self = rowAbilities(admin, admin);
    expect(self.canApprove).toBe(false);
    expect(self.canDisable).toBe(false);
    expect(self.roleOptions.find((o) => o.role === 'user')?.disabled).toBe(true);
  });

  it('only lets a superadmin change admin roles', () => {
    expect(
      rowAbilities(admin, base)
        .roleOptions.filter((o) => !o.disabled)
        .map((o) => o.role),
    ).toEqual(['user']);
    expect(rowAbilities(superadmin, base).roleOptions.every((o) => !o.disabled)).toBe(true);
    expect(rowAbilities(admin, superadmin).canEditFlags).toBe(false);
  });
});
