import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, parse, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuiltinProvider } from '../core/config/builtin-providers.js';
import { AGENT_CLI_PINS } from './cli-pins.js';
import type { EnvSource } from './env.js';

/**
 * Where an agent CLI's program is, and how to start it. Looked up in this
 * order, first found wins:
 *
 * 1. `OKSTRA_<NAME>_BIN` (`OKSTRA_CLAUDE_BIN`, …): an explicit program, or a
 *    `.js`/`.cjs`/`.mjs` file run with this Node;
 * 2. the pinned install in okstra's CLI cache (`okstra install-clis`):
 *    `<cache>/<name>@<version>/`, where the platform's native binary is
 *    started directly (Claude Code, Codex) or the package's JS entry with
 *    this Node (Gemini CLI);
 * 3. the program on `PATH` (`claude`, `codex`, `gemini`), whatever version
 *    it is (`okstra doctor` says when it differs from the pin).
 *
 * The cache is `$OKSTRA_AGENT_CLIS_DIR`, else `.cache/agent-clis` in okstra's
 * package folder. Installs run with `--ignore-scripts`, so Claude Code's
 * postinstall never links its native binary over `bin/claude.exe` (a stub
 * that exits 1); okstra starts the binary from the platform package instead
 * (`@anthropic-ai/claude-code-linux-x64/claude`), or `cli-wrapper.cjs` when
 * that package is missing.
 */

export type CliSource = 'override' | 'pinned' | 'path';

export interface CliLaunch {
  /** The program to start. */
  file: string;
  /** Arguments before the CLI's own (the entry script when `file` is Node). */
  prefixArgs: string[];
  source: CliSource;
  /** The version of a pinned install; null when only running it would tell. */
  version: string | null;
}

export type CliLookup = { found: true; launch: CliLaunch } | { found: false; searched: string[] };

/** The marker a finished install leaves; a folder without it is an interrupted install. */
export const INSTALL_MARKER = '.okstra-install.json';

export function overrideVariable(ref: BuiltinProvider): string {
  return `OKSTRA_${ref.toUpperCase()}_BIN`;
}

/** okstra's CLI cache: `$OKSTRA_AGENT_CLIS_DIR`, else `<okstra package>/.cache/agent-clis`, else `~/.cache/okstra/agent-clis`. */
export function agentClisDir(env: EnvSource = process.env): string {
  const configured = env.OKSTRA_AGENT_CLIS_DIR;
  if (configured) return isAbsolute(configured) ? configured : resolve(configured);
  const root = okstraPackageRoot();
  return root ? join(root, '.cache', 'agent-clis') : join(homedir(), '.cache', 'okstra', 'agent-clis');
}

/** The folder one pinned CLI is installed in: `<cache>/claude@2.1.197`. */
export function pinnedInstallDir(cacheDir: string, ref: BuiltinProvider): string {
  return join(cacheDir, `${ref}@${AGENT_CLI_PINS[ref].version}`);
}

let packageRoot: string | null | undefined;

/** The folder holding okstra's package.json (the checkout, or the installed package). */
function okstraPackageRoot(): string | null {
  if (packageRoot !== undefined) return packageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  packageRoot = null;
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'okstra') {
        packageRoot = dir;
        break;
      }
    } catch {
      // no package.json here, or not JSON: keep walking up
    }
    if (dir === parse(dir).root) break;
    dir = dirname(dir);
  }
  return packageRoot;
}

const JS_ENTRY = /\.(c|m)?js$/;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function runWithNode(path: string): Pick<CliLaunch, 'file' | 'prefixArgs'> {
  return JS_ENTRY.test(path) ? { file: process.execPath, prefixArgs: [path] } : { file: path, prefixArgs: [] };
}

let musl: boolean | undefined;

/** Linux without glibc (Alpine): Claude Code ships a separate `-musl` package there. Asked once: a report costs milliseconds. */
function isMusl(): boolean {
  if (musl !== undefined) return musl;
  if (process.platform !== 'linux') return (musl = false);
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return (musl = report.header?.glibcVersionRuntime === undefined);
}

const CODEX_TRIPLES: Readonly<Record<string, string>> = {
  'linux-x64': 'x86_64-unknown-linux-musl',
  'linux-arm64': 'aarch64-unknown-linux-musl',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
};

/**
 * The ways to start a pinned install, best first: the native binary from the
 * platform package (no Node process in between), then the package's own JS
 * launcher. Package layouts are those of the pinned versions.
 */
function pinnedCandidates(ref: BuiltinProvider, modules: string): string[] {
  const platform = `${process.platform}-${process.arch}`;
  switch (ref) {
    case 'claude':
      return [
        join(modules, '@anthropic-ai', `claude-code-${platform}${isMusl() ? '-musl' : ''}`, 'claude'),
        join(modules, '@anthropic-ai', 'claude-code', 'cli-wrapper.cjs'),
      ];
    case 'codex': {
      const triple = CODEX_TRIPLES[platform];
      return [
        ...(triple ? [join(modules, '@openai', `codex-${platform}`, 'vendor', triple, 'bin', 'codex')] : []),
        join(modules, '@openai', 'codex', 'bin', 'codex.js'),
      ];
    }
    case 'gemini':
      return [join(modules, '@google', 'gemini-cli', 'bundle', 'gemini.js')];
    case 'copilot':
      return [copilotBinary(modules), join(modules, '@github', 'copilot', 'npm-loader.js')];
  }
}

/** Copilot CLI's native binary in `node_modules`: 1.0.102's loader picks `linuxmusl` where glibc is missing. */
export function copilotBinary(modules: string): string {
  const os = process.platform === 'linux' && isMusl() ? 'linuxmusl' : process.platform;
  return join(modules, '@github', `copilot-${os}-${process.arch}`, 'copilot');
}

function pinnedLaunch(ref: BuiltinProvider, cacheDir: string): CliLaunch | null {
  const dir = pinnedInstallDir(cacheDir, ref);
  if (!existsSync(join(dir, INSTALL_MARKER))) return null;
  for (const candidate of pinnedCandidates(ref, join(dir, 'node_modules'))) {
    if (JS_ENTRY.test(candidate) ? existsSync(candidate) : isExecutable(candidate)) {
      return { ...runWithNode(candidate), source: 'pinned', version: AGENT_CLI_PINS[ref].version };
    }
  }
  return null;
}

function onPath(command: string, env: EnvSource): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export interface LocateOptions {
  /** Where `OKSTRA_*_BIN`, `OKSTRA_AGENT_CLIS_DIR` and `PATH` are read. Default `process.env`. */
  env?: EnvSource;
}

export function locateAgentCli(ref: BuiltinProvider, options: LocateOptions = {}): CliLookup {
  const env = options.env ?? process.env;
  const searched: string[] = [];
  const override = env[overrideVariable(ref)];
  if (override) {
    if (existsSync(override))
      return { found: true, launch: { ...runWithNode(override), source: 'override', version: null } };
    searched.push(`${overrideVariable(ref)}=${override} (does not exist)`);
  }
  const cacheDir = agentClisDir(env);
  const pinned = pinnedLaunch(ref, cacheDir);
  if (pinned) return { found: true, launch: pinned };
  searched.push(pinnedInstallDir(cacheDir, ref));
  const command = AGENT_CLI_PINS[ref].command;
  const path = onPath(command, env);
  if (path) return { found: true, launch: { file: path, prefixArgs: [], source: 'path', version: null } };
  searched.push(`\`${command}\` on PATH`);
  return { found: false, searched };
}
