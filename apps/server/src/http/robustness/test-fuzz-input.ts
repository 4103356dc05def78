import fc from 'fast-check';

/** One documented endpoint and the names of its fields. */
export interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Dotted paths of the body's fields, nested objects included. */
  bodyFields: string[];
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      }
    >
  >;
}

function fieldsOf(schema: JsonSchema | undefined, prefix = '', depth = 0): string[] {
  if (!schema?.properties || depth > 3) return [];
  return Object.entries(schema.properties).flatMap(([name, inner]) => {
    const at = prefix ? `${prefix}.${name}` : name;
    return [at, ...fieldsOf(inner, at, depth + 1)];
  });
}

/** Every operation of the OpenAPI document served at /api/docs. */
export function operations(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method as Operation['method'],
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: fieldsOf(op.requestBody?.content['application/json'].schema),
    })),
  );
}

/** JSON text of an object nested `depth` levels deep, built without recursion. */
export function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** What a careless or hostile client sends in one field: each is tried in every field. */
export const hostileValues: readonly unknown[] = [
  'A\u0000B',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\u001b[31m',
  '\u0085',
  '   ',
  '\t\n',
  '\u200b\u2060',
  'x'.repeat(5_000),
  ' '.repeat(3_000),
  '0000-01-01T00:00:00+10:00',
  '2027-02-30T00:00:00+10:00',
  '2026-10-05T24:00:00+11:00',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  ['x', 1],
  nested(17),
];

/** Generated ones on top: any code units (controls and surrogates included), any JSON, deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 17, max: 60 }).map(nested),
);

/** A value as one segment of a URL: lone surrogates cannot be UTF-8, so they go as bad bytes. */
export function toUrlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

/** A copy of `value` with the dotted `path` set (objects made on the way). */
export function setAt(value: unknown, path: string, replacement: unknown): unknown {
  const copy: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? structuredClone(value as Record<string, unknown>)
      : {};
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    at[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = replacement;
  return copy;
}
