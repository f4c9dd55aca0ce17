import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

/**
 * The bot's Dockerfile, checked without docker: what it copies exists and is
 * shipped, `npm ci --omit=dev` installs every package the bot bundle imports,
 * it runs as a non-root user what `npm start` runs.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Instruction {
  line: number;
  keyword: string;
  args: string;
}

/** Dockerfile instructions, with comments dropped and `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { line: number; text: string } | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (pending === null && (line === '' || line.startsWith('#'))) return;
    if (pending !== null && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const body = continued ? line.slice(0, -1) : line;
    pending = pending === null ? { line: i + 1, text: body } : { line: pending.line, text: `${pending.text} ${body}` };
    if (continued) return;
    const m = /^(\S+)\s*(.*)$/.exec(pending.text.trim());
    if (!m) throw new Error(`Dockerfile line ${pending.line}: cannot read "${pending.text}"`);
    out.push({ line: pending.line, keyword: (m[1] as string).toUpperCase(), args: (m[2] as string).trim() });
    pending = null;
  });
  return out;
}

const instructions = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const all = (keyword: string): Instruction[] => instructions.filter((i) => i.keyword === keyword);
const only = (keyword: string): Instruction => {
  const found = all(keyword);
  expect(found, `exactly one ${keyword} in the Dockerfile`).toHaveLength(1);
  return found[0] as Instruction;
};

/** The COPY sources (the last word is the destination; `--chown=…` and the like are flags). */
function copySources(copy: Instruction): string[] {
  const words = copy.args.split(/\s+/).filter((w) => !w.startsWith('--'));
  expect(words.length, `COPY on line ${copy.line} has a source and a destination`).toBeGreaterThanOrEqual(2);
  return words.slice(0, -1).map((w) => w.replace(/\/$/, ''));
}

/** `.dockerignore` as the builder applies it: the last matching pattern wins, a pattern matching a parent folder matches. */
function dockerIgnored(path: string, patterns: string[]): boolean {
  const toRegExp = (glob: string): RegExp => {
    if (/[[\]\\]/.test(glob)) throw new Error(`.dockerignore pattern ${glob}: character classes are not checked here`);
    const source = glob
      .split('**')
      .map((part) =>
        part
          .replace(/[.+^${}()|]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]'),
      )
      .join('.*');
    return new RegExp(`^${source}$`);
  };
  const parts = path.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const glob = (negated ? raw.slice(1) : raw).trim().replace(/^\/+|\/+$/g, '');
    if (glob === '') continue;
    const re = toRegExp(glob);
    if (prefixes.some((p) => re.test(p))) ignored = !negated;
  }
  return ignored;
}

const ignorePatterns = readFileSync(join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'));

/** The npm packages an ESM bundle built with `packages: 'external'` still imports. */
function bareImports(bundle: string): string[] {
  const specifiers = [
    ...bundle.matchAll(/^import\s[^;]*?\sfrom\s*"([^"]+)";?$/gm),
    ...bundle.matchAll(/^import\s*"([^"]+)";?$/gm),
    ...bundle.matchAll(/\b(?:__require|import)\("([^"]+)"\)/g),
  ].map((m) => m[1] as string);
  const builtins = new Set(builtinModules);
  const packages = specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:') && !builtins.has(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string)));
  return [...new Set(packages)].sort();
}

describe('the bot Dockerfile', () => {
  it("starts from a pinned Node image no older than package.json's engines", () => {
    const from = only('FROM').args;
    const m = /^node:(\d+)\.(\d+)-bookworm-slim(@sha256:[0-9a-f]{64})?$/.exec(from);
    expect(m, `FROM ${from}: pin node:<major>.<minor>-bookworm-slim (optionally @sha256:<digest>)`).not.toBeNull();
    const engines = /^>=(\d+)\.(\d+)/.exec(manifest.engines.node);
    expect(engines, `engines.node ${manifest.engines.node}`).not.toBeNull();
    const [major, minor] = [Number(m?.[1]), Number(m?.[2])];
    const [wantMajor, wantMinor] = [Number(engines?.[1]), Number(engines?.[2])];
    expect(
      major === wantMajor ? minor >= wantMinor : major > wantMajor,
      `${from} against ${manifest.engines.node}`,
    ).toBe(true);
  });

  it('runs as a non-root user, set before the command', () => {
    const users = all('USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1) as Instruction;
    expect(user.args.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(user.args).toBe('node');
    expect(user.line).toBeLessThan(only('CMD').line);
  });

  it('copies only files the repository has, the build context keeps and the npm package ships', () => {
    const sources = all('COPY').flatMap(copySources);
    expect(sources).toEqual(['package.json', 'package-lock.json', 'dist', 'app.yml']);
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' }),
    ) as [{ files: { path: string }[] }];
    const packed = pack.files.map((f) => f.path);
    for (const source of sources) {
      expect(existsSync(join(root, source)), `${source} exists in the repository`).toBe(true);
      expect(dockerIgnored(source, ignorePatterns), `.dockerignore keeps ${source}`).toBe(false);
      // npm never packs a lockfile; the image installs from it so the bot runs the tested versions.
      if (source === 'package-lock.json') continue;
      expect(
        packed.some((p) => p === source || p.startsWith(`${source}/`)),
        `${source} is in the npm package (package.json "files")`,
      ).toBe(true);
    }
    for (const secret of ['.env', '.git/config', 'node_modules/probot/package.json', '.cache/agent-clis/x'])
      expect(dockerIgnored(secret, ignorePatterns), `.dockerignore keeps ${secret} out`).toBe(true);
  });

  it("installs every package the bot bundle imports with npm ci --omit=dev (the bundle's imports are dependencies)", () => {
    expect(all('RUN').some((r) => /\bnpm ci\b[^&;]*--omit=dev/.test(r.args))).toBe(true);
    const botBundle = join(dirname(inject('okstraCliPath')), 'bot.js');
    const imports = bareImports(readFileSync(botBundle, 'utf8'));
    expect(imports).toContain('probot');
    const notInstalled = imports.filter((name) => !(name in manifest.dependencies));
    expect(
      notInstalled,
      'imported by dist/bot.js but missing from "dependencies" (npm ci --omit=dev skips them)',
    ).toEqual([]);
  });

  it('runs what `npm start` runs, a file the build writes, on the port it exposes', () => {
    const cmd = JSON.parse(only('CMD').args) as unknown;
    expect(cmd, 'CMD in exec form').toEqual(manifest.scripts.start?.split(' '));
    expect(cmd).toEqual(['node', 'dist/bot.js']);
    // The build from the current sources writes it (test/global-setup.ts), and the copied dist/ has it.
    expect(existsSync(join(dirname(inject('okstraCliPath')), 'bot.js'))).toBe(true);
    expect(existsSync(join(root, 'dist', 'bot.js'))).toBe(true);
    expect(only('EXPOSE').args).toBe('3000');
    expect(all('ENV').some((e) => /(^|\s)PORT=3000(\s|$)/.test(e.args))).toBe(true);
  });
});
