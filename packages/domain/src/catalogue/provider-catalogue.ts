/**
 * Reading the provider file (docs/catalogue.md): YAML in, the catalogue or every issue out, each
 * naming the line of the offending value and its field as the file spells it (`plans[1].monthly`).
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { catalogueRuleIssues, type CataloguePath } from './provider-catalogue-rules.ts';
import { providerCatalogueSchema } from './provider-catalogue-schema.ts';
import type { ProviderCatalogue } from './provider-catalogue-schema.ts';

// The file's parts, typed by the schema; AU_STATES is shared (shared/states.ts).
export {
  COUPON_TYPES,
  WEEKDAYS,
  type BuildingSpec,
  type CampaignSpec,
  type CouponSpec,
  type CouponTypeName,
  type CrewDayOffSpec,
  type CrewSpec,
  type DocumentSpec,
  type HolidaySpec,
  type LinkSpec,
  type PlanSpec,
  type ProviderCatalogue,
  type ProviderSpec,
  type RouterSpec,
  type Weekday,
} from './provider-catalogue-schema.ts';
export * from './provider-catalogue-convert.ts';

export interface CatalogueIssue {
  /** 1-based; null when the issue belongs to no place in the file. */
  line: number | null;
  /** As the file spells it: `plans[1].monthly`; '' for the file as a whole. */
  field: string;
  message: string;
}

export type CatalogueParse =
  { ok: true; catalogue: ProviderCatalogue } | { ok: false; issues: CatalogueIssue[] };

/** `acme.yaml:42 plans[1].monthly: must be a number of dollars` */
export function formatCatalogueIssue(issue: CatalogueIssue, file: string): string {
  const place = issue.line === null ? file : `${file}:${issue.line}`;
  return issue.field === ''
    ? `${place}: ${issue.message}`
    : `${place} ${issue.field}: ${issue.message}`;
}

function fieldName(path: CataloguePath): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

type Located = { range?: [number, number, number] | null };
const isNode = (n: unknown): n is Located => isScalar(n) || isMap(n) || isSeq(n) || isAlias(n);

/**
 * The line of the value at `path`, or of the nearest parent the file has. A list or map under a
 * key (or no value at all) is placed on the key's line, where the reader looks for it.
 */
function lineAt(doc: Document, lines: LineCounter, path: CataloguePath): number | null {
  const lineOf = (node: Located) =>
    node.range ? Math.max(1, lines.linePos(node.range[0]).line) : null;
  let node: unknown = doc.contents;
  let line = isNode(node) ? lineOf(node) : null;
  for (const key of path) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    let at: unknown;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => (isScalar(p.key) ? String(p.key.value) : p.key) === String(key),
      );
      next = pair?.value;
      at = isScalar(next) && next.value !== null ? next : pair?.key;
    } else if (isSeq(node) && typeof key === 'number') at = next = node.items[key];
    if (!isNode(at)) break;
    line = lineOf(at) ?? line;
    node = next;
  }
  return line;
}

/** Whether the file gives a value at `path` (a key whose value is null counts). */
function hasValue(value: unknown, path: CataloguePath): boolean {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !(key in current)) return false;
    current = (current as Record<string | number, unknown>)[key];
  }
  return true;
}

/** The schema's issues, one per field: an unknown key is named itself; a missing one is required. */
function schemaIssues(
  raw: unknown,
  issues: z.core.$ZodIssue[],
): { path: CataloguePath; message: string }[] {
  return issues.flatMap((issue) => {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: 'is not a known key (check its spelling)',
      }));
    if (path.length > 0 && !hasValue(raw, path)) return [{ path, message: 'is required' }];
    if (issue.code === 'invalid_type' && issue.expected === 'array')
      return [{ path, message: 'must be a list' }];
    if (issue.code === 'invalid_type' && issue.expected === 'object')
      return [{ path, message: 'must be a map of keys and values' }];
    return [{ path, message: issue.message }];
  });
}

export function parseProviderCatalogue(text: string): CatalogueParse {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number) => Math.max(1, lines.linePos(offset).line);
  if (doc.errors.length > 0)
    return {
      ok: false,
      issues: doc.errors.map((e) => ({
        line: lineOf(e.pos[0]),
        field: '',
        message: `YAML: ${e.message}`,
      })),
    };
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return {
      ok: false,
      issues: [{ line: null, field: '', message: `YAML: ${(error as Error).message}` }],
    };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      ok: false,
      issues: [
        { line: 1, field: '', message: 'must be a map of keys (provider, plans, routers, ...)' },
      ],
    };
  const parsed = providerCatalogueSchema.safeParse(raw);
  const found = [
    ...(parsed.success ? [] : schemaIssues(raw, parsed.error.issues)),
    ...catalogueRuleIssues(raw),
  ];
  if (parsed.success && found.length === 0) return { ok: true, catalogue: parsed.data };
  // One issue per field: a value that breaks two checks needs one fix.
  const seen = new Set<string>();
  const issues = found
    .filter(({ path }) => {
      const field = fieldName(path);
      return seen.has(field) ? false : (seen.add(field), true);
    })
    .map(({ path, message }) => ({
      line: lineAt(doc, lines, path),
      field: fieldName(path),
      message,
    }));
  // In the order of the file, so a provider can work down it.
  issues.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { ok: false, issues };
}
