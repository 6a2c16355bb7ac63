import { domainError } from '../lib/domain-error';

// Plain decimals and exponent notation only: Number() alone would accept '', ' ', '0x1f' and 'Infinity'.
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Parses a number the exchange sent as a string (or, rarely, as a number); garbage is a gateway error. */
export function parseDecimal(value: unknown, field: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) {
    throw domainError('BAD_GATEWAY', `Exchange sent an invalid number for ${field}`, {
      field,
      value: String(value).slice(0, 40),
    });
  }
  return n;
}
