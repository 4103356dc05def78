import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wizardSteps } from '@fibre/domain/wizard';

/*
 * The lists of steps docs/rules/wizard-flow.md keeps, held to the step table
 * (packages/domain/src/wizard/steps.ts), and the step folders the web README describes: a step
 * added to the table fails here until the docs have it, in its place, and it has its folder. The
 * other docs name no step list of their own: they point at wizard-flow.md's.
 */

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const wizardFlow = read('../../../../docs/rules/wizard-flow.md');

/** The section of a document under a `## ` heading, up to the next. */
const section = (doc: string, heading: string) =>
  doc.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';

/** A markdown table's body rows (after the header and its rule), each as its trimmed cells. */
function tableRows(text: string, header: RegExp): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The folder a step's code lives in: its name, in lower case, words joined by hyphens. */
const folderOf = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

describe("the docs' lists of the wizard's steps", () => {
  it("wizard-flow.md's table of steps: each step's id, name and progress label, in order", () => {
    const rows = tableRows(section(wizardFlow, 'Steps'), /^\| spec +\| id +\|/);
    expect(rows.map(([, id, name, label]) => [id, name, label])).toEqual(
      wizardSteps.map((s) => [`\`${s.id}\``, s.name, s.progressLabel ?? '(no progress bar)']),
    );
  });

  it("wizard-flow.md's page names: each step's analytics number and page name, in order", () => {
    const text = section(wizardFlow, 'Analytics');
    const [pages] = tableRows(text, /^\| step +\| 1 /);
    const header = text.split('\n').find((line) => /^\| step +\| 1 /.test(line));
    expect(
      header
        ?.split('|')
        .slice(2, -1)
        .map((cell) => Number(cell.trim())),
    ).toEqual(wizardSteps.map((s) => s.analyticsStep));
    expect(pages?.slice(1)).toEqual(wizardSteps.map((s) => s.pageName));
  });

  it('the folders of wizard/steps/, as the web README names them: one per step, after its name', () => {
    const folders = readdirSync(new URL('./steps/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const expected = wizardSteps.map((s) => folderOf(s.name));
    expect(folders.sort()).toEqual([...expected].sort());
  });
});
