import { readFileSync } from 'node:fs';
import { parseProviderCatalogue, type CatalogueIssue } from '../catalogue/provider-catalogue.ts';

/** The demo provider's file (catalogue/demo.yaml), as the tests break it one edit at a time. */
export const demo = readFileSync(
  new URL('../../../../catalogue/demo.yaml', import.meta.url),
  'utf8',
);

/** The demo file with `from` replaced; a test whose edit no longer applies fails loudly. */
export function edit(from: string | RegExp, to: string, text = demo): string {
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`demo.yaml has no '${String(from)}'`);
  return edited;
}

/** 1-based line of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no line has '${needle}'`);
  return index + 1;
}

/** The issues of a file the reader must refuse. */
export function issuesOf(text: string): CatalogueIssue[] {
  const result = parseProviderCatalogue(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.issues;
}
