import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The release as a user gets it: `npm pack` in this checkout, the tarball
 * installed into an empty folder with no clone beside it, and the installed
 * `okstra` run from there. It packs the committed dist/ (what a release ships;
 * `npm test` runs `check-dist` before vitest, so it matches the sources).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};
const E2E_TIMEOUT = 600_000;

/**
 * npm run-script exports its own settings (`npm_config_local_prefix` = this
 * checkout, the package's fields) to the processes under `npm test`; an npm
 * started with them would act on the checkout, not on the empty folder.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_(package|lifecycle|command|config_local_prefix)|init_cwd$)/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}

function run(cwd: string, command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: E2E_TIMEOUT });
}

/** The output worth reading when a step fails: its command, exit code and both streams' tails. */
function explain(what: string, r: SpawnSyncReturns<string>): string {
  const tail = (s: string | null): string => (s ?? '').split('\n').slice(-40).join('\n');
  return `${what}: exit ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}\n--- stdout\n${tail(r.stdout)}\n--- stderr\n${tail(r.stderr)}`;
}

function ok(cwd: string, command: string, args: string[]): string {
  const r = run(cwd, command, args);
  expect(r.status, explain(`${command} ${args.join(' ')} in ${cwd}`, r)).toBe(0);
  return r.stdout;
}

/**
 * `npx okstra …` as a user types it, with `--yes=false` so a missing bin is an error rather than some
 * other `okstra` fetched from the registry, and `--` so npx never reads okstra's flags (`--version`) as its own.
 */
const okstra = (cwd: string, ...args: string[]): SpawnSyncReturns<string> =>
  run(cwd, 'npx', ['--yes=false', '--', 'okstra', ...args]);

describe('the npm package', () => {
  it(
    'packs the installed CLI, bot and Action with their run-time files and nothing of the development tree',
    () => {
      const [pack] = JSON.parse(ok(root, 'npm', ['pack', '--dry-run', '--json'])) as [{ files: { path: string }[] }];
      const paths = pack.files.map((f) => f.path);
      const junk = paths.filter((p) =>
        /^(test|src|bot|scripts|bench|docs|node_modules|coverage|\.github|\.cache|\.okstra[^/]*)\//.test(p),
      );
      expect(junk).toEqual([]);
      expect(paths.filter((p) => /(^|\/)\.okstra-cache|\.env$|\.log$/.test(p))).toEqual([]);
      for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'bin/okstra.js', 'app.yml'])
        expect(paths).toContain(file);
      // Every file of the committed bundle: the CLI, the bot, the Action's entry points and their chunks.
      for (const file of readdirSync(join(root, 'dist'))) expect(paths).toContain(`dist/${file}`);
      for (const dir of ['prompts', 'schemas']) {
        const shipped = readdirSync(join(root, dir)).map((f) => `${dir}/${f}`);
        expect(shipped.length).toBeGreaterThan(0);
        for (const file of shipped) expect(paths).toContain(file);
      }
      // What `okstra demo` copies and runs, and the workflow `okstra init` writes.
      expect(paths).toContain('examples/demo/agents/scripted-executor.mjs');
      expect(paths).toContain('examples/demo/project/package.json');
      expect(paths).toContain('examples/workflows/okstra.yml');
    },
    E2E_TIMEOUT,
  );

  describe('installed from its tarball into an empty folder', () => {
    let tmp = '';
    let app = '';

    beforeAll(() => {
      tmp = mkdtempSync(join(tmpdir(), 'okstra-tarball-'));
      const [packed] = JSON.parse(ok(root, 'npm', ['pack', '--pack-destination', tmp, '--json'])) as [
        { filename: string },
      ];
      app = join(tmp, 'app');
      mkdirSync(app);
      ok(app, 'npm', ['init', '-y']);
      ok(app, 'npm', ['i', join(tmp, packed.filename), '--prefer-offline', '--no-audit', '--no-fund']);
    }, E2E_TIMEOUT);

    afterAll(() => {
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('installs no development tool: the CLI runs from its bundle', () => {
      expect(existsSync(join(app, 'node_modules', 'okstra', 'dist', 'cli.js'))).toBe(true);
      expect(existsSync(join(app, 'node_modules', '.bin', 'okstra'))).toBe(true);
      // The build tools, and the packages only the bundles use (so the demo below runs them from dist/).
      const absent = ['tsx', 'typescript', 'esbuild', 'vitest', 'commander', 'execa', '@actions/core'];
      for (const dev of absent) {
        expect(Object.keys(manifest.devDependencies)).toContain(dev);
        expect(existsSync(join(app, 'node_modules', dev)), `${dev} is installed`).toBe(false);
      }
    });

    it("prints package.json's version", () => {
      const r = okstra(app, '--version');
      expect(r.status, explain('okstra --version', r)).toBe(0);
      expect(r.stdout.trim()).toBe(manifest.version);
    });

    it(
      'runs the demo end to end with no clone',
      () => {
        const repo = join(tmp, 'demo-repo');
        const r = okstra(app, 'demo', '--dir', repo);
        expect(r.status, explain('okstra demo', r)).toBe(0);
        expect(r.stdout).toContain('all stages done');
        expect(r.stdout).toContain('== where everything is');
        expect(r.stdout.trimEnd().endsWith('okstra demo: done.')).toBe(true);
        // The hand-off branch the demo ends with exists in the repository it made.
        ok(repo, 'git', ['rev-parse', '--verify', '--quiet', 'refs/heads/okstra/tempconv/final']);
      },
      E2E_TIMEOUT,
    );

    it(
      'okstra init sets up a project whose plans validate',
      () => {
        // As a user would: okstra installed in their project (a git repository), then `npx okstra init` there.
        ok(app, 'git', ['init', '--quiet', '--initial-branch=main']);
        const init = okstra(app, 'init');
        expect(init.status, explain('okstra init', init)).toBe(0);
        const plans = readdirSync(join(app, '.okstra', 'plans')).filter((f) => f.endsWith('.md'));
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) {
          const v = okstra(app, 'plan', 'validate', `.okstra/plans/${plan}`);
          expect(v.status, explain(`okstra plan validate .okstra/plans/${plan}`, v)).toBe(0);
        }
      },
      E2E_TIMEOUT,
    );
  });
});
