// Codemod for issue 29: every import from the domain's barrel ('@fibre/domain') in apps/, e2e/ and
// bench/ becomes imports from the subject entries ('@fibre/domain/catalogue', ...), one per subject,
// each name taken from the subject whose index exports it. `import type` and inline `type` stay
// as written; `export ... from '@fibre/domain'` is rewritten the same way. Touched files are
// formatted with the workspace's Prettier configuration.
//
//   node scripts/domain-imports.mjs            rewrite, and list the files changed
//   node scripts/domain-imports.mjs --check    change nothing; exit 1 if any file would change
//
// The name-to-subject map is read from packages/domain/package.json's exports and each subject's
// index.ts with the TypeScript compiler, so it follows the domain as it is. A name two subjects
// export goes to the subject whose folder declares it; a name no subject exports, a namespace
// import (`import * as d`) or `export *` from the barrel is reported and its file left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const domainDir = join(root, 'packages/domain');
const BARREL = '@fibre/domain';
const SCAN = ['apps', 'e2e', 'bench'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.tmp', 'test-results']);
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const check = process.argv.includes('--check');

/** name -> subject ('catalogue'), from the subject entries of packages/domain/package.json. */
function subjectOfName() {
  const { exports } = JSON.parse(readFileSync(join(domainDir, 'package.json'), 'utf8'));
  const subjects = Object.entries(exports)
    .filter(([key]) => key !== '.')
    .map(([key, file]) => ({ name: key.replace(/^\.\//, ''), file: join(domainDir, file) }));
  if (subjects.length === 0) throw new Error('packages/domain/package.json names no subject');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(domainDir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram(
    subjects.map((s) => s.file),
    config?.options ?? {},
  );
  const checker = program.getTypeChecker();
  const folderOf = (file) => relative(join(domainDir, 'src'), file).split(sep)[0];
  const exporters = new Map(); // name -> [{subject, declaredIn}]
  for (const subject of subjects) {
    const source = program.getSourceFile(subject.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`cannot read ${relative(root, subject.file)}`);
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.declarations?.[0];
      const declaredIn = declaration ? folderOf(declaration.getSourceFile().fileName) : undefined;
      const list = exporters.get(symbol.name) ?? [];
      list.push({ subject: subject.name, declaredIn });
      exporters.set(symbol.name, list);
    }
  }
  const map = new Map();
  for (const [name, list] of exporters) {
    const home = list.find((e) => e.subject === e.declaredIn) ?? list[0];
    map.set(name, home.subject);
  }
  return map;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (EXTENSIONS.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

const scriptKind = (file) =>
  file.endsWith('.tsx') || file.endsWith('.jsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;

/** The rewritten text, or null when the file imports nothing from the barrel. */
function rewrite(file, text, subjectOf, problems) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const barrel = source.statements.filter(
    (s) =>
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === BARREL,
  );
  if (barrel.length === 0) return null;
  const where = (node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(root, file)}:${line + 1}`;
  };
  // kind ('import' | 'export') -> subject -> [{ text, typeOnly }]
  const groups = { import: new Map(), export: new Map() };
  let failed = false;
  for (const statement of barrel) {
    const kind = ts.isImportDeclaration(statement) ? 'import' : 'export';
    let specifiers;
    let wholeTypeOnly;
    if (kind === 'import') {
      const clause = statement.importClause;
      if (
        !clause ||
        clause.name ||
        !clause.namedBindings ||
        !ts.isNamedImports(clause.namedBindings)
      ) {
        problems.push(`${where(statement)}: not a named import; left as it is`);
        failed = true;
        continue;
      }
      specifiers = clause.namedBindings.elements;
      wholeTypeOnly = clause.isTypeOnly;
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        problems.push(`${where(statement)}: export * from the barrel; left as it is`);
        failed = true;
        continue;
      }
      specifiers = statement.exportClause.elements;
      wholeTypeOnly = statement.isTypeOnly;
    }
    for (const specifier of specifiers) {
      const imported = (specifier.propertyName ?? specifier.name).text;
      const subject = subjectOf.get(imported);
      if (!subject) {
        problems.push(`${where(specifier)}: no subject exports '${imported}'`);
        failed = true;
        continue;
      }
      const typeOnly = wholeTypeOnly || specifier.isTypeOnly;
      const name = specifier.propertyName
        ? `${specifier.propertyName.text} as ${specifier.name.text}`
        : specifier.name.text;
      const group = groups[kind].get(subject) ?? [];
      if (!group.some((s) => s.name === name && s.typeOnly === typeOnly))
        group.push({ name, typeOnly });
      groups[kind].set(subject, group);
    }
  }
  if (failed) return null;

  const lines = [];
  for (const kind of ['import', 'export']) {
    for (const subject of [...groups[kind].keys()].sort()) {
      let names = groups[kind].get(subject);
      // A name imported both as a type and as a value needs the value only.
      names = names.filter(
        (n) => !(n.typeOnly && names.some((m) => m.name === n.name && !m.typeOnly)),
      );
      const allTypes = names.every((n) => n.typeOnly);
      const list = names.map((n) => (n.typeOnly && !allTypes ? `type ${n.name}` : n.name));
      lines.push(
        `${kind} ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from '${BARREL}/${subject}';`,
      );
    }
  }
  // The new block takes the first barrel statement's place; the others go, with their line ends.
  // Comments before a statement stay (getStart() excludes them).
  let out = '';
  let at = 0;
  barrel.forEach((statement, i) => {
    out += text.slice(at, statement.getStart());
    if (i === 0) out += lines.join('\n');
    at = statement.end;
    if (i > 0 && text[at] === '\n') at += 1;
    else if (i > 0 && text.startsWith('\r\n', at)) at += 2;
  });
  out += text.slice(at);
  return out;
}

const subjectOf = subjectOfName();
const problems = [];
const changed = [];
for (const top of SCAN) {
  for (const file of sourceFiles(join(root, top))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(BARREL)) continue;
    const rewritten = rewrite(file, text, subjectOf, problems);
    if (rewritten === null) continue;
    const options = (await prettier.resolveConfig(file)) ?? {};
    const formatted = await prettier.format(rewritten, { ...options, filepath: file });
    if (formatted === text) continue;
    changed.push(relative(root, file));
    if (!check) writeFileSync(file, formatted);
  }
}
for (const file of changed) console.log(`${check ? 'would change' : 'changed'} ${file}`);
for (const problem of problems) console.error(problem);
console.log(
  `${changed.length} file(s) ${check ? 'to change' : 'changed'}, ${problems.length} problem(s)`,
);
process.exitCode = problems.length > 0 || (check && changed.length > 0) ? 1 : 0;
