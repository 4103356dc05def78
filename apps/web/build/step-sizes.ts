import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Prints, after `vite build`, the gzipped JavaScript each screen loads in total: the entry with
 * everything it imports statically, plus each step's lazy chunk with its own static imports.
 * Vite's own table lists chunks one by one; this one answers "what does a visitor download".
 */

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function closure(start: string, chunks: Map<string, ChunkInfo>, into = new Set<string>()) {
  if (into.has(start) || !chunks.has(start)) return into;
  into.add(start);
  for (const next of chunks.get(start)!.imports) closure(next, chunks, into);
  return into;
}

/** The step folder a lazy chunk belongs to ('steps/check-address/...' -> 'check-address'). */
function screenName(id: string | null, fileName: string): string {
  const step = id?.match(/\/steps\/([^/]+)\//)?.[1];
  if (step) return `step ${step}`;
  const adapter = id?.match(/\/(?:shared|wizard(?:\/shell)?)\/(.+?)\.tsx?$/)?.[1];
  return adapter ? `lazy ${adapter}` : fileName;
}

export function stepSizes({ firstStep }: { firstStep: string }): Plugin {
  return {
    name: 'fibre:step-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const gzip = new Map<string, number>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(fileName, output);
        gzip.set(fileName, gzipSync(output.code, { level: 9 }).length);
      }
      const size = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzip.get(f)!, 0);
      const entry = [...chunks].find(([, c]) => c.isEntry)?.[0];
      if (!entry) return;
      const shell = closure(entry, chunks);
      const rows: [string, number, number][] = [];
      let first: Set<string> | null = null;
      for (const [fileName, chunk] of chunks) {
        if (!chunk.isDynamicEntry) continue;
        const own = closure(fileName, chunks);
        const extra = new Set([...own].filter((f) => !shell.has(f)));
        rows.push([
          screenName(chunk.facadeModuleId, fileName),
          size(extra),
          size(new Set([...shell, ...own])),
        ]);
        if (chunk.facadeModuleId?.includes(`/steps/${firstStep}/`))
          first = new Set([...shell, ...own]);
      }
      rows.sort((a, b) => a[0].localeCompare(b[0]));
      const lines = [
        '',
        'JavaScript each screen loads (gzipped):',
        `  shell (entry and its static imports)     ${kb(size(shell))}`,
        ...rows.map(
          ([name, extra, total]) =>
            `  ${name.padEnd(40)} +${kb(extra).padStart(9)}  = ${kb(total)} in total`,
        ),
      ];
      if (first) lines.push(`  FIRST SCREEN (shell + step ${firstStep}):  ${kb(size(first))}`);
      // Printed directly: plugin info logs are filtered out at Vite's default log level.
      console.log(lines.join('\n'));
    },
  };
}
