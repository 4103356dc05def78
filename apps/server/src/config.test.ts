import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

/** The README's configuration table: each row's variables and what it says they do. */
function readmeConfigurationRows(): { variables: string[]; does: string }[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', , does = ''] = line.split('|').slice(1);
      return {
        variables: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!),
        does: does.trim(),
      };
    });
}

describe("the README's configuration table", () => {
  const rows = readmeConfigurationRows();
  const listed = rows.flatMap((r) => r.variables);

  it('lists every variable the server reads, once, with what it switches', () => {
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const row of rows) expect(row.does, row.variables.join(', ')).not.toBe('');
  });
});

describe('loadConfig', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.holdSeconds).toBe(600);
    expect(Object.values(config.keys).every((v) => v === undefined)).toBe(true);
  });

  it('names the variable whose value is bad', () => {
    expect(() => loadConfig({ GTM_ID: 'UA-1234' })).toThrow(ConfigError);
    expect(() => loadConfig({ GTM_ID: 'UA-1234' })).toThrow(/GTM_ID/);
    expect(() => loadConfig({ RESERVATION_HOLD_SECONDS: '-5' })).toThrow(
      /RESERVATION_HOLD_SECONDS/,
    );
  });
});
