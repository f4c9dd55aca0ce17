import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/git-repos.js';

/**
 * No import cycles in src/ or bot/. A cycle makes a module's bindings
 * undefined while its partner is still evaluating (the order depends on which
 * one an entry point reaches first), and it ties layers together that
 * docs/architecture.md keeps apart. Type-only imports count too: they are the
 * usual first step of a cycle, and moving the type down a layer costs nothing.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function tsFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFilesUnder(path));
    else if (/\.(?:ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** `./x.js` → `./x.ts` (NodeNext writes the emitted name), `./dir` → `./dir/index.ts`; null for packages and unknown files. */
function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`];
  candidates.push(join(base, 'index.ts'));
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Every file's relative imports, static, type-only, re-exports and dynamic `import()` alike. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => resolveSpecifier(file, f.fileName, known))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * Each strongly connected component with more than one file (or a file that
 * imports itself), as one loop through it: the shortest cycle from its first
 * file in sorted order, so a message is stable from run to run.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  // Iterative Tarjan: src/ is deep enough that recursion depth is worth avoiding.
  for (const start of [...graph.keys()].sort()) {
    if (indices.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    indices.set(start, index);
    lowlink.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++] as string;
        if (!indices.has(to)) {
          indices.set(to, index);
          lowlink.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          lowlink.set(frame.node, Math.min(lowlink.get(frame.node) as number, indices.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        lowlink.set(parent.node, Math.min(lowlink.get(parent.node) as number, lowlink.get(frame.node) as number));
      if (lowlink.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => shortestLoop(graph, c)).sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Breadth-first from the component's first file back to itself, inside the component. */
function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string[] {
  const members = new Set(component);
  const first = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === first) {
        const loop = [node];
        while (loop[0] !== first) loop.unshift(previous.get(loop[0] as string) as string);
        return [...loop, first];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first, first];
}

function describeCycle(cycle: readonly string[]): string {
  return cycle.map((f) => relative(root, f).split(sep).join('/')).join(' → ');
}

describe('import graph', () => {
  it('has no cycle in src/ or bot/', () => {
    const files = ['src', 'bot'].flatMap((d) => tsFilesUnder(join(root, d)));
    const graph = importGraph(files);
    // The walk must see the graph it claims to check: hundreds of files, and the edges between them.
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(root, 'src/cli/main.ts'))).toContain(join(root, 'src/cli/commands/demo.ts'));
    const cycles = importCycles(graph).map(describeCycle);
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('finds and names a cycle, through type-only imports, re-exports, dynamic imports and index files', () => {
    const dir = tempDir();
    const write = (path: string, text: string): string => {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    };
    const a = write('a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
    const b = write('b.ts', "export * from './lib';\nexport type B = string;\n");
    const index = write('lib/index.ts', "export const later = () => import('../a.js');\n");
    const c = write('c.ts', "import './c.js';\n");
    const d = write('d.ts', "import { a } from 'node:path';\nimport './a.js';\n");
    const cycles = importCycles(importGraph([a, b, index, c, d]));
    expect(cycles).toEqual([
      [a, b, index, a],
      [c, c],
    ]);
  });
});
