import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const bound = (n: number | undefined, fallback: number) => (n === undefined || !Number.isFinite(n) ? fallback : n);

/** Values that fit a JSON Schema (as far as keywords go: refinements are not represented). */
function fromJsonSchema(schema: JsonSchema | undefined, root: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.anything({ maxDepth: 1 });
  if (schema.$ref) return fromJsonSchema(root.$defs?.[schema.$ref.split('/').pop()!], root, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fromJsonSchema(s, root, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 60)) });
    case 'integer': {
      const min = bound(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined), -1e6);
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(bound(schema.maximum, 1e9), 2 ** 31) });
    }
    case 'number':
      return fc.double({ min: bound(schema.minimum, -1e9), max: bound(schema.maximum, 1e9), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(schema.items, root, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = (schema.required ?? []).filter((k) => k in props);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromJsonSchema(v, root, depth + 1)])), {
        requiredKeys: required,
      });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** Inputs that fit the procedure's zod schema, as far as JSON Schema can say. */
export function schemaArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, json);
}

const nest = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** One hostile value: wrong types, huge strings, deep nesting, prototype keys, odd unicode and numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true, withBigInt: false }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('\u0000', '\uD800', '\u202E' + 'gpj.exe', '𝐁𝐢𝐭𝐜𝐨𝐢𝐧', '"; DROP TABLE users; --', "' OR 1=1 --", '%s%n', '../../etc/passwd'),
  fc.integer({ min: 10_000, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 20, max: 400 }).map(nest),
  fc.constantFrom(Number.NaN, -0, -1, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.constant(JSON.parse('{"__proto__":{"role":"superadmin","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}')),
);

/** A schema-shaped value with one field replaced by a hostile value, or with a __proto__ key added. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, hostileValue, fc.nat()).map(([value, bad, pick]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = JSON.parse('{"__proto__":{"role":"superadmin"}}');
    Object.assign(copy, value);
    if (keys.length) copy[keys[pick % keys.length]!] = bad;
    return copy;
  });
}

/** The fuzz input of one procedure: schema-shaped, mutated or plainly hostile. */
export function fuzzInput(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const valid = schemaArbitrary(schema);
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: mutated(valid), weight: 2 }, { arbitrary: hostileValue, weight: 1 });
}
