import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const dist = `${root}apps/web/dist/`;

/**
 * Builds the wizard the way `npm start` does (only when its build is missing or stale). Answers
 * why not when there is no build to measure.
 */
export function ensureWizardBuilt(): string | undefined {
  const pkg = `${root}apps/web/package.json`;
  const buildable =
    existsSync(`${root}apps/web/index.html`) &&
    existsSync(pkg) &&
    /"build"\s*:/.test(readFileSync(pkg, 'utf8'));
  if (buildable) {
    try {
      execFileSync(process.execPath, ['scripts/build-web-if-needed.mjs'], {
        cwd: root,
        stdio: 'pipe',
      });
    } catch {
      return 'n/a (the wizard does not build: `npm run build -w apps/web`)';
    }
  }
  return existsSync(`${dist}index.html`) ? undefined : 'n/a (wizard not built)';
}

export const gzipBytes = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

interface Chunk {
  file: string;
  imports: string[];
  /** The step folders (src/wizard/steps/NAME/) whose step component (NAME-step.tsx) this chunk holds. */
  steps: Set<string>;
}

const stem = (file: string) => file.replace(/-[\w-]{8}\.(js|css)$/, '');

/**
 * What each step needs from the build, read from apps/web/dist as a browser would fetch it: the
 * shell (index.html's script and styles and everything the script imports statically) plus the
 * chunk of the step's component (src/wizard/steps/NAME/NAME-step.tsx, found through the source maps) and
 * its static imports, with the stylesheet Vite emits beside each chunk. What the step imports
 * lazily (a dialog, an adapter) loads when needed and is not counted.
 */
export async function stepBundles(): Promise<Array<{ step: string; js: number; css: number }>> {
  const assets = `${dist}assets/`;
  const files = await readdir(assets);
  const chunks = new Map<string, Chunk>();
  const size = new Map<string, number>();
  for (const file of files) {
    if (!/\.(js|css)$/.test(file)) continue;
    const text = await readFile(`${assets}${file}`);
    size.set(file, gzipBytes(text));
    if (!file.endsWith('.js')) continue;
    const code = text.toString('utf8');
    const imports = [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
    const map = files.includes(`${file}.map`)
      ? (JSON.parse(await readFile(`${assets}${file}.map`, 'utf8')) as { sources?: string[] })
      : {};
    const steps = new Set(
      (map.sources ?? []).flatMap((s) => /\/steps\/([^/]+)\/\1-step\.tsx$/.exec(s)?.[1] ?? []),
    );
    chunks.set(file, { file, imports, steps });
  }
  const closure = (start: string, into = new Set<string>()) => {
    if (into.has(start) || !chunks.has(start)) return into;
    into.add(start);
    for (const next of chunks.get(start)!.imports) closure(next, into);
    return into;
  };
  const html = await readFile(`${dist}index.html`, 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/?assets\/([\w.-]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const shell = new Set<string>();
  for (const e of entries) {
    if (e.endsWith('.css')) shell.add(e);
    else closure(e, shell);
  }
  const withStyles = (js: Set<string>) => {
    const all = new Set(js);
    for (const f of js)
      for (const css of files) if (css.endsWith('.css') && stem(css) === stem(f)) all.add(css);
    return all;
  };
  const total = (set: Set<string>, ext: string) =>
    [...set].filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + (size.get(f) ?? 0), 0);
  const names = [...new Set([...chunks.values()].flatMap((c) => [...c.steps]))].sort();
  return names.map((step) => {
    const set = withStyles(new Set(shell));
    for (const c of chunks.values()) {
      if (c.steps.has(step) && !shell.has(c.file))
        for (const f of withStyles(closure(c.file))) set.add(f);
    }
    return { step, js: total(set, '.js'), css: total(set, '.css') };
  });
}
