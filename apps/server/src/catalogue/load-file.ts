import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type ProviderCatalogue,
  formatCatalogueIssue,
  parseProviderCatalogue,
} from '@fibre/domain/catalogue';
import { productionDocumentProblems } from '@fibre/domain/consent';
import { ConfigError } from '../config.ts';
import type { CatalogueSource } from '../db/tables/catalogue-versions.ts';
import { demoCatalogueFile } from '../http/paths.ts';

export interface CatalogueFile {
  catalogue: ProviderCatalogue;
  /** sha256 of the file's text, hex: the same text is the same catalogue version. */
  sha: string;
  /** 'demo' when the text is the bundled demo's, whichever path it was read from. */
  source: CatalogueSource;
}

export type CatalogueRead = { ok: true; file: CatalogueFile } | { ok: false; lines: string[] };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let demoSha: Promise<string> | undefined;

/**
 * Reads and parses a catalogue file; its problems as 'file:line field: message' lines, `name`
 * being the file as the person wrote it.
 */
export async function readCatalogueFile(path: string, name = path): Promise<CatalogueRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ENOENT' ? 'no such file' : 'unreadable';
    return { ok: false, lines: [`${name}: cannot read the file (${reason})`] };
  }
  const parsed = parseProviderCatalogue(text);
  if (!parsed.ok) {
    return { ok: false, lines: parsed.issues.map((issue) => formatCatalogueIssue(issue, name)) };
  }
  demoSha ??= readFile(demoCatalogueFile, 'utf8').then(sha256);
  const sha = sha256(text);
  const source = sha === (await demoSha) ? 'demo' : 'file';
  // A provider's own catalogue takes orders: it must name its terms and privacy policy
  // (docs/rules/documents-and-consent.md).
  if (source === 'file') {
    const problems = productionDocumentProblems(parsed.catalogue);
    if (problems.length > 0) return { ok: false, lines: problems.map((p) => `${name} ${p}`) };
  }
  return { ok: true, file: { catalogue: parsed.catalogue, sha, source } };
}

/** As readCatalogueFile, for the start: a file with problems stops it, naming each. */
export async function loadCatalogueFile(path: string, name = path): Promise<CatalogueFile> {
  const read = await readCatalogueFile(path, name);
  if (!read.ok) {
    throw new ConfigError(`The catalogue ${name} cannot be served:\n  ${read.lines.join('\n  ')}`);
  }
  return read.file;
}
