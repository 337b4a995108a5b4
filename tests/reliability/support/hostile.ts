import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema node as `z.toJSONSchema` writes it (the parts the generator reads). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Strings that have broken shops before: injection, markup, traversal, odd Unicode, sizes. */
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  "' or 1=1 --",
  '"; drop table orders; --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  `\${jndi:ldap://x}`,
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '١٢٣٤',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮',
  '\u202Eevil',
  '\uD800',
  'Ä'.normalize('NFD'),
  'é'.repeat(500),
  'a'.repeat(10_001),
  '🙂'.repeat(300),
  'null',
  'true',
  '[]',
  '{}',
);

const nastyNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
);

/** A value of any JSON type, including deep and wide ones and prototype-pollution shapes. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyStrings },
  { weight: 2, arbitrary: nastyNumbers },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      JSON.parse('{"__proto__":{"polluted":"yes"}}'),
      JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
      Array.from({ length: 2_000 }, (_, i) => i),
      JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`),
    ),
  },
);

/** Extra values a field of this name should sometimes get, so valid requests reach the services. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export const defaultHints: Hints = {
  email: fc.oneof(fc.emailAddress(), fc.constantFrom('anna@example.ru', 'a@b', '@')),
  phone: fc.oneof(
    fc.stringMatching(/^7\d{10}$/),
    fc.constantFrom('+7 (999) 123-45-67', '79991234567', '8999', '+1 202 555 0100'),
  ),
};

function validString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 10_000));
    } catch {
      // a pattern JavaScript cannot take as is: fall through to plain strings
    }
  }
  return fc.string({
    minLength: s.minLength ?? 0,
    maxLength: Math.min(s.maxLength ?? 60, 60),
    unit: 'grapheme',
  });
}

function validInteger(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const inside = integer ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true });
  // Boundaries and one step outside them.
  return fc.oneof(inside, fc.constantFrom(lo, hi, lo - 1, hi + 1));
}

/**
 * Values for a JSON Schema that are mostly well-formed (so requests get past validation into the
 * services) and often hostile: a field may hold any JSON, a wrong type, a boundary, a nasty string,
 * or be missing; objects may carry unknown keys.
 */
export function fromJsonSchema(
  schema: JsonSchema,
  hints: Hints = defaultHints,
  name = '',
): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const wellFormed = wellFormedFor(schema, hints);
  const arms: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    { weight: 6, arbitrary: wellFormed },
    { weight: 2, arbitrary: anyJson },
  ];
  if (hinted) arms.push({ weight: 4, arbitrary: hinted });
  return fc.oneof(...arms);
}

function wellFormedFor(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => wellFormedFor(a, hints)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 5, arbitrary: validString(s) }, { weight: 1, arbitrary: nastyStrings });
    case 'integer':
      return validInteger(s, true);
    case 'number':
      return validInteger(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? fromJsonSchema(s.items, hints) : anyJson;
      return fc.array(item, { minLength: 0, maxLength: Math.min((s.maxItems ?? 5) + 1, 8) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const fields = Object.fromEntries(
        Object.entries(props).map(([key, sub]) => [key, fromJsonSchema(sub, hints, key)]),
      );
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.subarray([...required]),
          fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 2 }),
          fc.integer({ min: 0, max: 9 }),
        )
        .map(([record, dropped, extra, roll]) => {
          const out: Record<string, unknown> = { ...record };
          // Usually keep the required fields, sometimes drop some; sometimes add unknown keys.
          for (const key of required) if (!(key in out) && roll > 1) out[key] = undefined;
          if (roll === 0) for (const key of dropped) delete out[key];
          if (roll === 9) Object.assign(out, extra);
          for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
          return out;
        });
    }
    default:
      return anyJson;
  }
}

/** The JSON Schema of a zod schema, as the request sees it (input side). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A query string from generated values: scalars as text, arrays as repeated keys, objects as JSON. */
export function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `q=${encodeURIComponent((JSON.stringify(value) ?? '').toWellFormed())}`;
  }
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) for (const item of v) params.append(key, scalar(item));
    else params.append(key, scalar(v));
  }
  return params.toString();
}

function scalar(v: unknown): string {
  return (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).toWellFormed();
}
