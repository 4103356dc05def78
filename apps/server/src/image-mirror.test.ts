import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/image.sh takes its Debian source from the machine's apt configuration
// (docs/deploy.md, "Container image"); DEBIAN_MIRROR overrides it.
const script = new URL('../../../scripts/image.sh', import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function aptDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'apt-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'sources.list.d'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const mirror = (dir: string, env: Record<string, string> = {}) =>
  execFileSync('bash', [script, '--print-mirror'], {
    env: { PATH: process.env.PATH, APT_DIR: dir, ...env },
    encoding: 'utf8',
  }).trim();

describe("the image's Debian source", () => {
  it("is the deb822 source apt uses for bookworm, not the security suite's", () => {
    const dir = aptDir({
      'sources.list.d/debian.sources': [
        'Types: deb',
        'URIs: http://security.example/debian-security',
        'Suites: bookworm-security',
        '',
        'Types: deb-src',
        'URIs: http://src.example/debian',
        'Suites: bookworm',
        '',
        'Types: deb',
        'URIs: http://mirror.example/debian',
        'Suites: bookworm bookworm-updates',
        'Components: main',
      ].join('\n'),
    });
    expect(mirror(dir)).toBe('http://mirror.example/debian');
  });

  it('reads a one-line sources.list, options and all', () => {
    const dir = aptDir({
      'sources.list': 'deb [arch=amd64] http://proxy.example:3142/debian bookworm main\n',
    });
    expect(mirror(dir)).toBe('http://proxy.example:3142/debian');
  });

  it("is Debian's own without any, and DEBIAN_MIRROR wins over the machine's", () => {
    expect(mirror(aptDir({}))).toBe('http://deb.debian.org/debian');
    const dir = aptDir({ 'sources.list': 'deb http://mirror.example/debian bookworm main\n' });
    expect(mirror(dir, { DEBIAN_MIRROR: 'http://own.example/debian' })).toBe(
      'http://own.example/debian',
    );
  });
});
