import { oc } from '@orpc/contract';
import { z } from 'zod';

// Field schemas the contract's shapes share. Each stands for one meaning, so a shape reads as what
// its fields are (a time, a row's id) rather than as their JSON type.

/** A time in ms since the epoch. */
export const epochMs = z.number();

/** A time in ms since the epoch, or null (not yet, or never). */
export const epochMsOrNull = z.number().nullable();

/** A row's id as an input names it: 1–64 characters. */
export const rowId = z.string().min(1).max(64);

/** Which row: the input of a delete, a removal or an acknowledgement. */
export const byRowIdInput = z.object({ id: rowId });

/** What a delete answers: the id that is gone. */
export const removedRowOutput = z.object({ id: z.string() });

/** A procedure that removes one of the caller's rows by id and answers the id that is gone. */
export const removeByIdProcedure = (summary: string) =>
  oc.route({ method: 'POST', summary }).input(byRowIdInput).output(removedRowOutput);
