import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's "Layout" names every folder of the server and every subject of the domain: each
// list is held to the folders on disk (test-support/ is the tests' own, in both).

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const layout = (readme.split('\n## Layout\n')[1]?.split('\n## ')[0] ?? '').replace(/\s+/g, ' ');

function folders(path: string): string[] {
  return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'test-support')
    .map((entry) => entry.name)
    .sort();
}

describe("the README's layout", () => {
  it("names each folder of apps/server/src: the features, the infrastructure and the composition's", () => {
    const paragraph =
      /Inside `apps\/server\/src`:.*?finds a feature's folder/.exec(layout)?.[0] ?? '';
    // `repository/` is a folder inside a feature, not one of apps/server/src.
    const named = [...paragraph.matchAll(/`([a-z-]+)\/`/g)]
      .map((m) => m[1]!)
      .filter((name) => name !== 'repository');
    expect([...new Set(named)].sort()).toEqual(folders('./'));
  });

  it('names each subject of the domain, the folders of packages/domain/src', () => {
    const list = /one folder per subject \(([^)]*)\)/.exec(layout)?.[1] ?? '';
    expect(list.split(', ').sort()).toEqual(folders('../../../packages/domain/src/'));
  });
});
