import type { Context } from 'hono';
import type { z } from 'zod';
import { domainError, zodIssuesToData } from '../lib/domain-error';

/** Reads a JSON body and validates it; malformed JSON or a schema miss is a 400 BAD_REQUEST. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw domainError('BAD_REQUEST', 'Request body must be valid JSON');
  }
  return parseInput(schema, raw);
}

export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw domainError('BAD_REQUEST', 'Input validation failed', zodIssuesToData(parsed.error));
  return parsed.data;
}

/** The caller's IP as Cloudflare reports it; local runs have no such header. */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'local';
}
