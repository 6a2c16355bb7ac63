import { z } from 'zod';
import { userSchema } from '../users';
import { mutation, noInput, query } from './define';

export const authServerFns = {
  /** The signed-in user read from D1, or null for anonymous callers. */
  getUser: query(userSchema.strict().nullable()),
  /** Ends the caller's session (both cookies cleared); anonymous callers get the same answer. */
  signOut: mutation(noInput, z.strictObject({ success: z.literal(true) })),
};
