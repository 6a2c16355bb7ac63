import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ROLES } from '../../contract/enums';
import { flag, textId } from '../columns';

export const users = sqliteTable(
  'users',
  {
    id: textId(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    approved: flag('approved', false),
    isRiskTeam: flag('is_risk_team', false),
    canUseTerminal: flag('can_use_terminal', false),
    disabled: flag('disabled', false),
    passwordHash: text('password_hash').notNull(),
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    approvedAt: integer('approved_at'),
    lastLoginAt: integer('last_login_at'),
    updatedAt: integer('updated_at')
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
