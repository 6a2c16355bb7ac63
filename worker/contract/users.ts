import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { ROLES } from './enums';

export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  approved: z.boolean(),
  isRiskTeam: z.boolean(),
  can_use_terminal: z.boolean(),
  disabled: z.boolean(),
  createdAt: epochMs,
  approvedAt: epochMsOrNull,
  lastLoginAt: epochMsOrNull,
});

export const listUsersInput = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'pending', 'approved', 'disabled']).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});

export const updateUserInput = z
  .object({
    id: z.string().min(1).max(64),
    approved: z.boolean().optional(),
    role: roleSchema.optional(),
    isRiskTeam: z.boolean().optional(),
    can_use_terminal: z.boolean().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 1, { message: 'Nothing to change' });

export const usersContract = {
  getCurrentUser: oc.route({ method: 'GET', summary: 'The signed-in user, read fresh from the database' }).output(userSchema),
  listUsers: oc
    .route({ method: 'GET', summary: 'Users, newest first, with search and paging (admin)' })
    .input(listUsersInput)
    .output(z.object({ items: z.array(userSchema), total: z.number(), page: z.number(), pageSize: z.number() })),
  updateUser: oc
    .route({ method: 'POST', summary: 'Approve, disable, change role or flags of a user (admin)' })
    .input(updateUserInput)
    .output(userSchema),
};
