import { describe, expect, it } from 'vitest';
import type { User } from '@contract/types';
import { describeConfirmation, describeDemotion, describePromotion, rowAbilities, SUPERADMIN_ONLY } from './user-changes';

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

describe('describePromotion', () => {
  it('asks before granting an admin role, in a tone that takes nothing away', () => {
    expect(describePromotion(base, { role: 'admin' })).toMatchObject({
      title: 'Make Ada an admin?',
      action: 'Make admin',
      destructive: false,
    });
    expect(describePromotion(user({ role: 'admin' }), { role: 'superadmin' })?.action).toBe('Make superadmin');
    expect(describePromotion(base, { role: 'superadmin' })?.action).toBe('Make superadmin');
  });

  it('does not ask for anything else', () => {
    expect(describePromotion(user({ role: 'admin' }), { role: 'admin' })).toBeNull();
    expect(describePromotion(user({ role: 'superadmin' }), { role: 'admin' })).toBeNull();
    expect(describePromotion(base, { isRiskTeam: true })).toBeNull();
  });

  it('is one of the confirmations the page asks for, with the demotions', () => {
    expect(describeConfirmation(base, { role: 'admin' })?.action).toBe('Make admin');
    expect(describeConfirmation(user({ role: 'admin' }), { role: 'user' })?.action).toBe('Change role');
    expect(describeConfirmation(base, { isRiskTeam: true })).toBeNull();
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

  it('locks every control of another admin for a plain admin, with the reason', () => {
    const colleague = user({ id: 'adm2', role: 'admin' });
    for (const target of [colleague, superadmin]) {
      const can = rowAbilities(admin, target);
      expect(can).toMatchObject({ canApprove: false, canDisable: false, canEditFlags: false, lockedReason: SUPERADMIN_ONLY });
      expect(can.roleOptions.filter((o) => !o.disabled && o.role !== target.role)).toEqual([]);
    }
    const bySuper = rowAbilities(superadmin, colleague);
    expect(bySuper).toMatchObject({ canApprove: true, canDisable: true, canEditFlags: true, lockedReason: null });
    // Their own row stays theirs (flags), and ordinary users stay open to them.
    expect(rowAbilities(admin, admin)).toMatchObject({ canEditFlags: true, lockedReason: null });
    expect(rowAbilities(admin, base)).toMatchObject({ canApprove: true, canDisable: true, lockedReason: null });
  });
});
