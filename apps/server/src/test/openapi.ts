import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

/**
 * The OpenAPI document as a test reads it: its operations, what each may answer (status, media
 * type, body schema, checked with Ajv), and fast-check arbitraries of the inputs its schemas
 * describe — valid ones and hostile ones.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
};
type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};
type Answer = { content?: Record<string, { schema?: JsonSchema }>; headers?: Record<string, unknown> };
export type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Answer>;
  security?: unknown[];
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};
export type DocumentedOperation = { path: string; method: string; op: Operation };

export const operationsOf = (doc: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/**
 * OpenAPI 3.0 writes an exclusive bound as `minimum` + `exclusiveMinimum: true`; JSON Schema
 * (Ajv) as `exclusiveMinimum: <bound>`. References to components point into the document Ajv
 * holds under the name `openapi`.
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = asJsonSchema(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag]) out[flag] = out[bound];
      else delete out[flag];
      if (out[flag] !== undefined) delete out[bound];
    }
  }
  if (typeof out.$ref === 'string' && out.$ref.startsWith('#/')) out.$ref = `openapi${out.$ref}`;
  return out;
}

/** Checks answers against the document; each problem is one line naming the call. */
export function answerChecker(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(asJsonSchema({ components: doc.components }) as object, 'openapi');
  const compiled = new WeakMap<object, ValidateFunction>();
  const validator = (schema: JsonSchema) => {
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.compile(asJsonSchema(schema) as object);
      compiled.set(schema, v);
    }
    return v;
  };

  return (
    call: string,
    op: Operation,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string[] => {
    const answer = op.responses[String(res.statusCode)] ?? op.responses.default;
    if (!answer) {
      return [`${call} → ${res.statusCode}, not documented (${res.body.slice(0, 200)})`];
    }
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (!answer.content) {
      return res.body.length && res.statusCode !== 302
        ? [`${call} → ${res.statusCode} with a body (${type}) where none is documented`]
        : [];
    }
    const media = type ? answer.content[type] : undefined;
    if (!media) {
      return [
        `${call} → ${res.statusCode} as ${type || 'no content type'}, documented ${Object.keys(answer.content).join(', ')}`,
      ];
    }
    if (type !== 'application/json' || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [`${call} → ${res.statusCode}: the body is not JSON`];
    }
    const validate = validator(media.schema);
    if (validate(body)) return [];
    const why = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    return [`${call} → ${res.statusCode}: the body breaks the schema (${why}): ${res.body.slice(0, 300)}`];
  };
}

/** Values a valid input should sometimes take, so generated calls reach real things. */
export type Hints = { uuids: string[]; emails: string[] };

/** Inputs a schema accepts (mostly: a pattern fast-check cannot follow falls back to any text). */
export function validArbitrary(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const base = validBase(schema, hints);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validBase(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validArbitrary(a, hints)));
  if (s.allOf?.[0]) return validArbitrary(s.allOf[0], hints);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s, hints);
    case 'integer':
    case 'number': {
      const min = bound(s.minimum, s.exclusiveMinimum, 1) ?? -1000;
      const max = bound(s.maximum, s.exclusiveMaximum, -1) ?? 100_000;
      const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      return type === 'integer'
        ? whole
        : fc.oneof(
            whole,
            whole.map((n) => Math.min(max, n + 0.25)),
          );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(s.items, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(3, s.minItems ?? 0)),
      });
    case 'object':
    case undefined: {
      if (!s.properties) return fc.constant({});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(s.properties)) record[k] = validArbitrary(v, hints);
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.anything();
  }
}

function bound(value: number | undefined, exclusive: number | boolean | undefined, step: number) {
  if (typeof exclusive === 'number') return exclusive + step;
  return value === undefined ? undefined : exclusive ? value + step : value;
}

function stringOf(s: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  switch (s.format) {
    case 'uuid':
      return hints.uuids.length ? fc.oneof(fc.constantFrom(...hints.uuids), fc.uuid()) : fc.uuid();
    case 'email':
      return hints.emails.length
        ? fc.oneof(fc.constantFrom(...hints.emails), fc.emailAddress())
        : fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    default:
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern, 'u'))
        .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
    } catch {
      // A pattern fast-check cannot follow: any text of the length, which the server may refuse (400).
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Inputs no client should send: wrong types, odd text, deep or huge values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'NaN',
    '-1',
    '1e309',
    '9999-12-31T23:59:59-14:00',
    'x'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path segment no client should send (never empty: that would be another path). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.constantFrom(
    '..',
    '%',
    '0',
    '-1',
    'null',
    '😀',
    'a'.repeat(300),
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
);
