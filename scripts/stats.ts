#!/usr/bin/env tsx
// `npm run stats`: the size figures issue 38 is measured by, from this checkout's files.
//   - src/ lines (the TypeScript files; the generated ajv validators are JavaScript and left out),
//     in total and per top-level folder;
//   - the source files over 400 lines;
//   - the top-level functions over 80 lines, found with the TypeScript compiler: function
//     declarations, arrow functions and function expressions a top-level variable is set to,
//     and class methods (constructors and accessors too), each measured from its first token
//     to its closing brace, its doc comment left out;
//   - test:fast's files (the fast tier of test/tiers.ts) and its test declarations (it/test calls, a
//     `.each` over an array literal counted once per row), and the last test:fast run's
//     figures when .cache/test-fast.json holds them.
// Reads files only; runs nothing.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { FAST_REPORT, testTiers } from '../test/tiers.js';

export const FILE_LIMIT = 400;
export const FUNCTION_LIMIT = 80;

/** Lines as `wc -l` counts them, plus a last line without a newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

export interface FunctionSize {
  name: string;
  /** 1-based line of the function's first token. */
  line: number;
  lines: number;
}

function isFunctionValue(node: ts.Expression): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** An initializer with parentheses, `as`, `satisfies` and `!` taken off. */
function unwrap(node: ts.Expression): ts.Expression {
  let e = node;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

/** The top-level functions of one TypeScript source, with their lengths in lines. */
export function topLevelFunctions(fileName: string, text: string): FunctionSize[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: FunctionSize[] = [];
  const measure = (name: string, node: ts.Node): void => {
    const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
    out.push({ name, line: start + 1, lines: end - start + 1 });
  };
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      measure(statement.name?.text ?? 'default', statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (!d.initializer) continue;
        const value = unwrap(d.initializer);
        if (isFunctionValue(value)) measure(d.name.getText(sf), value);
      }
    } else if (ts.isExportAssignment(statement)) {
      const value = unwrap(statement.expression);
      if (isFunctionValue(value)) measure('default', value);
    } else if (ts.isClassDeclaration(statement)) {
      const cls = statement.name?.text ?? 'default';
      for (const m of statement.members) {
        if ((ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) && m.body) {
          measure(`${cls}.${m.name.getText(sf)}`, m);
        } else if (ts.isConstructorDeclaration(m) && m.body) {
          measure(`${cls}.constructor`, m);
        } else if (ts.isPropertyDeclaration(m) && m.initializer && isFunctionValue(unwrap(m.initializer))) {
          measure(`${cls}.${m.name.getText(sf)}`, unwrap(m.initializer));
        }
      }
    }
  }
  return out;
}

const TEST_CALLEES = new Set(['it', 'test']);
const TEST_MODIFIERS = new Set(['only', 'skip', 'todo', 'fails', 'concurrent', 'sequential']);
const TEST_CONDITIONS = new Set(['skipIf', 'runIf']);

/** `it`/`test`, possibly behind modifiers: `it.only`, `test.concurrent.skip`, `it.skipIf(cond)`. */
function isTestFunction(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return TEST_CALLEES.has(node.text);
  if (ts.isPropertyAccessExpression(node)) return TEST_MODIFIERS.has(node.name.text) && isTestFunction(node.expression);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
    return TEST_CONDITIONS.has(node.expression.name.text) && isTestFunction(node.expression.expression);
  return false;
}

/**
 * The tests a test file declares: each `it(…)`/`test(…)` call once, a `.each` over an array
 * literal once per row. A test declared in a loop counts once; vitest's own count is the
 * figure a run reports.
 */
export function testDeclarations(fileName: string, text: string): number {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      // it.each([...])('name', fn): the inner call is `it.each([...])`.
      if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) {
        const access = callee.expression;
        if (access.name.text === 'each' && isTestFunction(access.expression)) {
          const table = callee.arguments[0];
          n += table && ts.isArrayLiteralExpression(table) ? table.elements.length : 1;
          ts.forEachChild(node, visit);
          return;
        }
      }
      if (isTestFunction(callee) && node.arguments.length > 0) n++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return n;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
    .sort();
}

interface LastRun {
  numTotalTestSuites?: number;
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  startTime?: number;
  success?: boolean;
  testResults?: { endTime?: number }[];
}

function lastFastRun(root: string): string | null {
  const file = join(root, FAST_REPORT);
  if (!existsSync(file)) return null;
  const run = JSON.parse(readFileSync(file, 'utf8')) as LastRun;
  const files = run.testResults?.length ?? 0;
  const ends = (run.testResults ?? []).map((r) => r.endTime ?? 0);
  const end = ends.reduce((a, b) => Math.max(a, b), 0);
  const seconds = run.startTime && end ? ((end - run.startTime) / 1000).toFixed(1) : '?';
  const when = new Date(statSync(file).mtimeMs).toISOString().replace(/\.\d+Z$/, 'Z');
  return `${files} files, ${run.numTotalTests ?? '?'} tests (${run.numFailedTests ?? '?'} failed), ${seconds} s of vitest, ${when}`;
}

export function stats(root: string): string {
  const src = join(root, 'src');
  const lines: string[] = [];
  const perDir = new Map<string, number>();
  const bigFiles: { file: string; lines: number }[] = [];
  const longFns: { file: string; fn: FunctionSize }[] = [];
  let total = 0;
  const files = tsFiles(src);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const n = lineCount(text);
    total += n;
    const rel = relative(src, file);
    const top = rel.includes(sep) ? rel.slice(0, rel.indexOf(sep)) : '(top level)';
    perDir.set(top, (perDir.get(top) ?? 0) + n);
    if (n > FILE_LIMIT) bigFiles.push({ file: relative(root, file), lines: n });
    for (const fn of topLevelFunctions(file, text))
      if (fn.lines > FUNCTION_LIMIT) longFns.push({ file: relative(root, file), fn });
  }
  lines.push(`src/: ${total} lines in ${files.length} TypeScript files`);
  for (const [dir, n] of [...perDir].sort((a, b) => b[1] - a[1])) lines.push(`  ${dir.padEnd(12)} ${n}`);
  bigFiles.sort((a, b) => b.lines - a.lines);
  lines.push(`source files over ${FILE_LIMIT} lines: ${bigFiles.length}`);
  for (const f of bigFiles) lines.push(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  longFns.sort((a, b) => b.fn.lines - a.fn.lines);
  lines.push(`top-level functions over ${FUNCTION_LIMIT} lines: ${longFns.length}`);
  for (const { file, fn } of longFns) lines.push(`  ${String(fn.lines).padStart(5)}  ${fn.name} (${file}:${fn.line})`);
  const fast = testTiers(root).fast;
  const declared = fast.reduce((sum, f) => sum + testDeclarations(f, readFileSync(join(root, f), 'utf8')), 0);
  lines.push(`test:fast: ${fast.length} files, ${declared} test declarations`);
  const last = lastFastRun(root);
  lines.push(`  last run: ${last ?? `none (${FAST_REPORT} is written by npm run test:fast)`}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(stats(join(dirname(fileURLToPath(import.meta.url)), '..')));
}
