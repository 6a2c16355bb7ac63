import { z } from 'zod';

/**
 * The data errors carry where a caller reads it (the catalogue's `{code, status, message, data}`).
 * Procedures declare them with `.errors(…)`, so oRPC marks them as defined and the API document
 * lists them; the web reads these shapes, typed from here.
 */

/** One problem of an input: the field's path and the message to show there. */
export const inputIssueSchema = z.looseObject({ path: z.array(z.union([z.string(), z.number()])), message: z.string() });
export type InputIssue = z.output<typeof inputIssueSchema>;

/** A 400 BAD_REQUEST about the input: its problems, by field (a form shows each under its field). */
export const inputIssuesSchema = z.looseObject({ issues: z.array(inputIssueSchema) });
export type InputIssues = z.output<typeof inputIssuesSchema>;

/** A 429 TOO_MANY_REQUESTS: how long to wait, in seconds. */
export const retryAfterSchema = z.looseObject({ retryAfter: z.number() });
export type RetryAfter = z.output<typeof retryAfterSchema>;

/** The errors of a procedure whose input a form sends: a 400 names the fields. */
export const INPUT_ERRORS = {
  BAD_REQUEST: { message: 'Input validation failed', data: inputIssuesSchema },
};
