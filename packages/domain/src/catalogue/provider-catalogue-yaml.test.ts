// The provider file as YAML: syntax errors, repeated keys, anchors and YAML 1.1 timestamps.
import { describe, expect, it } from 'vitest';
import { demo, edit, issuesOf, lineOf } from '../test-support/catalogue-file.ts';
import { parseProviderCatalogue } from './provider-catalogue.ts';

describe('the file as YAML', () => {
  it('a YAML syntax error is an issue with its line', () => {
    const text = edit('  name: Demo Fibre', '  name: [Demo Fibre');
    const issues = issuesOf(text);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toMatchObject({ field: '', message: expect.stringMatching(/^YAML: /) });
    expect(issues[0]?.line).toBeGreaterThanOrEqual(lineOf(text, 'name: [Demo Fibre'));
    expect(issues[0]?.line).toBeLessThanOrEqual(lineOf(text, 'colour:'));
  });

  it('a key given twice is a YAML error on the second', () => {
    const text = edit("  colour: '#0b6bcb'\n", "  colour: '#0b6bcb'\n  colour: '#000000'\n");
    expect(issuesOf(text)).toEqual([
      {
        line: lineOf(text, "colour: '#000000'"),
        field: '',
        message: 'YAML: Map keys must be unique',
      },
    ]);
  });

  it('reads unquoted dates a YAML 1.1 reader makes timestamps of as the day they name', () => {
    const result = parseProviderCatalogue(`%YAML 1.1\n---\n${demo}`);
    if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 3)));
    expect(result.catalogue.campaigns[0]?.starts).toBe('2026-01-01');
    expect(
      result.catalogue.closures.holidays.every((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date)),
    ).toBe(true);
  });

  it('follows an alias to the line of the value it names', () => {
    let text = edit('    navigation:\n', '    navigation: &links\n');
    text = edit(
      "      - { label: Plans, href: '/#plans' }",
      "      - { label: Plans, href: '/#plans', target: _blank }",
      text,
    );
    text = text.replace(/ {4}social:\n( {6}- .*\n)+/, '    social: *links\n');
    expect(issuesOf(text)).toEqual([
      {
        line: lineOf(text, 'target: _blank'),
        field: 'provider.links.navigation[0].target',
        message: 'is not a known key (check its spelling)',
      },
      {
        line: lineOf(text, 'target: _blank'),
        field: 'provider.links.social[0].target',
        message: 'is not a known key (check its spelling)',
      },
    ]);
  });

  it.each([
    ['', 'an empty file'],
    ['- a list\n', 'a list'],
    ['just words\n', 'a scalar'],
  ])('refuses %j (%s): the file must be a map', (text) => {
    expect(issuesOf(text)).toEqual([
      { line: 1, field: '', message: 'must be a map of keys (provider, plans, routers, ...)' },
    ]);
  });
});
