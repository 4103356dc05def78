// Measures the shape of the code base (docs/rules/README.md, "Where things live"): how many entries sit at
// the server's top level, which server folders import each other, how many functions run past 100
// lines, which source files run past 400 lines (all lines, as `wc -l` counts them), the median and
// 90th percentile of non-blank lines per source file of the server, the web app and the domain, and the
// server's import groups: sets of nodes (each folder, and each file at the root) that import each
// other round, type imports included. A group spanning more than one feature fails `--check`
// (which `npm run lint` runs): a root file open to every feature that imports one joins them all.
// Usage: node scripts/measure-architecture.mjs [--json] [--check]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const parts = {
  server: 'apps/server/src',
  web: 'apps/web/src',
  domain: 'packages/domain/src',
};

const isSource = (name) =>
  /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (
        entry.name === 'node_modules' ||
        entry.name === 'test-support' ||
        entry.name === 'stand-ins'
      )
        continue;
      out.push(...walk(path));
    } else if (isSource(entry.name)) out.push(path);
  }
  return out;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The nearest-rank percentile: the smallest value at least `p` percent of the values reach. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function lineCount(text) {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

// Every function-like node whose body spans more than 100 lines (first to last line inclusive).
function longFunctions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > 100)
        found.push({ file: relative(root, file), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Relative imports of a file, resolved to paths.
function importsOf(file, text) {
  const specifiers = [
    ...text.matchAll(
      /(?:import|export)[^'"`]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    ),
  ];
  return specifiers.map((m) => resolve(dirname(file), m[1] ?? m[2]));
}

function serverFolderPairs(files) {
  const base = resolve(root, parts.server);
  const folderOf = (path) => {
    const rel = relative(base, path);
    if (rel.startsWith('..')) return null;
    const segments = rel.split('/');
    return segments.length > 1 ? segments[0] : null; // a file at the root belongs to no folder
  };
  const edges = new Set();
  for (const file of files) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of importsOf(file, readFileSync(file, 'utf8'))) {
      const to = folderOf(target);
      if (to && to !== from) edges.add(`${from}→${to}`);
    }
  }
  const pairs = [];
  for (const edge of edges) {
    const [a, b] = edge.split('→');
    if (a < b && edges.has(`${b}→${a}`)) pairs.push(`${a} ⇄ ${b}`);
  }
  return pairs.sort();
}

// Folders of apps/server/src that are not features: infrastructure, the composition, test support
// (eslint.config.js, serverInfrastructure).
const notFeatures = new Set(['http', 'db', 'metrics', 'outbox', 'plugins', 'tracing', 'app']);

// The server's import graph, each folder one node and each root file one node, and its strongly
// connected sets of more than one node (Tarjan's algorithm); each with the features it spans.
function serverImportGroups(files) {
  const base = resolve(root, parts.server);
  const nodeOf = (path) => {
    const rel = relative(base, path);
    if (rel.startsWith('..')) return null;
    const segments = rel.split('/');
    return segments.length > 1 ? `${segments[0]}/` : segments[0];
  };
  const edges = new Map();
  for (const file of files) {
    const from = nodeOf(file);
    for (const target of importsOf(file, readFileSync(file, 'utf8'))) {
      const to = nodeOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const nodes = new Set(files.map(nodeOf));
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!nodes.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups.map((members) => ({
    members,
    features: members.filter((m) => m.endsWith('/') && !notFeatures.has(m.slice(0, -1))),
  }));
}

const result = {
  topLevelServerEntries: 0,
  serverFolderPairs: [],
  serverImportGroups: [],
  functionsOver100Lines: [],
  filesOver400Lines: [],
  medianLines: {},
};
result.topLevelServerEntries = readdirSync(resolve(root, parts.server)).filter((name) => {
  const stat = statSync(resolve(root, parts.server, name));
  return stat.isDirectory() || isSource(name);
}).length;
for (const [name, dir] of Object.entries(parts)) {
  const files = walk(resolve(root, dir));
  const counts = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    counts.push(lineCount(text));
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > 400) result.filesOver400Lines.push({ file: relative(root, file), lines });
    result.functionsOver100Lines.push(...longFunctions(file, text));
  }
  result.medianLines[name] = {
    files: files.length,
    median: median(counts),
    p90: percentile(counts, 90),
  };
  if (name === 'server') {
    result.serverFolderPairs = serverFolderPairs(files);
    result.serverImportGroups = serverImportGroups(files);
  }
}
const spanning = result.serverImportGroups.filter((group) => group.features.length > 1);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(
    `Top-level entries of ${parts.server} (folders and source files): ${result.topLevelServerEntries}`,
  );
  console.log(`Server folder pairs that import each other: ${result.serverFolderPairs.length}`);
  for (const pair of result.serverFolderPairs) console.log(`  ${pair}`);
  console.log(
    `Server import groups (folders and root files that import each other round): ${result.serverImportGroups.length}, spanning more than one feature: ${spanning.length}`,
  );
  for (const group of result.serverImportGroups) console.log(`  ${group.members.join(' ')}`);
  console.log(`Functions over 100 lines: ${result.functionsOver100Lines.length}`);
  for (const f of result.functionsOver100Lines)
    console.log(`  ${f.file}:${f.line} (${f.lines} lines)`);
  console.log(`Source files over 400 lines: ${result.filesOver400Lines.length}`);
  for (const f of result.filesOver400Lines) console.log(`  ${f.file} (${f.lines} lines)`);
  for (const [name, m] of Object.entries(result.medianLines)) {
    console.log(
      `Median non-blank lines per source file, ${name}: ${m.median}, 90th percentile ${m.p90} (${m.files} files)`,
    );
  }
}

if (process.argv.includes('--check') && spanning.length > 0) {
  console.error(
    `measure-architecture: ${spanning.length} import group(s) span more than one feature (apps/server/README.md, Layout): a root file imports a feature, or features import each other round`,
  );
  process.exitCode = 1;
}
