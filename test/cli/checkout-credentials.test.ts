/**
 * `okstra run` (the bundled CLI, a real process) as root, the way isolation
 * works locally, on a checkout that holds a token in its remote's URL, an
 * `http.*.extraheader` and an ignored `.env`. The executor is an attacking
 * stand-in (test/fixtures/agents/attacker.mjs) that reads every process's
 * environment and command line, the git config its worktree sees (includes
 * followed) and the one its `.git` pointer leads to, and the checkout folder,
 * listed and by name. It finds none of the three; afterwards the checkout is
 * exactly as it was.
 */
import { chmodSync, existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { tokenHeader } from '../../src/git/credentials.js';
import { makeProject, SCRIPTED_AGENT, WRITES_STAGE_FILE, type Project } from '../engine/helpers.js';
import { startCollector, type LootCollector } from '../helpers/loot-collector.js';
import { makeCanary, reveals } from '../helpers/canary.js';

const ATTACKER = join(import.meta.dirname, '..', 'fixtures', 'agents', 'attacker.mjs');
const asRoot = process.geteuid?.() === 0;

interface Loot {
  role: string;
  uid: number;
  reads: Record<string, string>;
  denied: Record<string, string>;
  git: { config?: string };
}

/**
 * The bundled CLI as a real process. By its real path: the bundle runs main only when it is the script node
 * was given, compared by real path, and node_modules (where the bundle is built) may be a link.
 */
async function okstra(
  args: string[],
  env: Record<string, string>,
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [realpathSync(inject('okstraCliPath')), ...args], { env, reject: false });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

let collector: LootCollector<Loot> | null = null;
afterEach(async () => {
  await collector?.close();
  collector = null;
});

/** A project whose executor attacks, with the three canaries where a developer's checkout keeps them. */
async function attackedProject(
  url: string,
): Promise<{ p: Project; canaries: { urlToken: string; extraheader: string; dotEnv: string } }> {
  const alnum = (): string => makeCanary().replace(/[^A-Za-z0-9]/g, '');
  const canaries = { urlToken: `ghp_${alnum()}`, extraheader: `ghs_${alnum()}`, dotEnv: makeCanary() };
  const attack = (scratch: string): string => join(scratch, 'attack.json');
  const p = await makeProject({
    plan: 'linear.md',
    files: { '.gitignore': '.env\n' },
    agents: { builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] }, reviewer: {} },
    config: ({ scratch }) => ({
      providers: {
        builder: {
          command: `${process.execPath} ${ATTACKER} --attack ${attack(scratch)} -- ${process.execPath} ${SCRIPTED_AGENT} --script ${join(scratch, 'builder.script.json')}`,
        },
      },
    }),
  });
  await p.git.ok(['remote', 'add', 'origin', `https://x-access-token:${canaries.urlToken}@github.com/octo/repo.git`]);
  await p.git.ok(['config', '--local', 'http.https://github.com/.extraheader', tokenHeader(canaries.extraheader)]);
  writeFileSync(join(p.dir, '.env'), `API_KEY=${canaries.dotEnv}\n`, { mode: 0o644 });
  chmodSync(join(p.dir, '.env'), 0o644);
  // A checkout in a developer's home: others may list it.
  chmodSync(p.dir, 0o755);
  writeFileSync(
    attack(p.scratch),
    JSON.stringify({ collector: url, marker: 'ATTACK', read: [p.dir, join(p.dir, '.env'), join(p.dir, '.git')] }),
  );
  return { p, canaries };
}

describe.skipIf(!asRoot)('okstra run as root: the checkout credentials and ignored files', () => {
  it.each(['checkout', 'layered'])(
    'stage trees %s: the executor finds no token, extraheader or .env; the config is byte-identical afterwards',
    async (trees) => {
      collector = await startCollector<Loot>();
      const { p, canaries } = await attackedProject(collector.url);
      const config = join(p.dir, '.git', 'config');
      const before = {
        bytes: readFileSync(config),
        mode: statSync(config).mode,
        env: statSync(join(p.dir, '.env')).mode,
      };
      // Sanity: before okstra runs, the checkout's git does show both credentials.
      const listed = await p.git.ok(['config', '--list']);
      expect(listed).toContain(canaries.urlToken);
      expect(reveals(listed, canaries.extraheader)).toBe(true);

      const run = await okstra(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], {
        OKSTRA_STAGE_TREES: trees,
      });
      expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout, run.stderr).toMatch(/stage 1 PASS/);

      // The builder attacks as the executor and again as a verifier.
      expect(collector.loot.length).toBeGreaterThanOrEqual(2);
      const text = JSON.stringify(collector.loot);
      const found = Object.entries(canaries).filter(([, secret]) => reveals(text, secret));
      expect(found.map(([name]) => name)).toEqual([]);
      for (const loot of collector.loot) {
        expect(loot.uid).not.toBe(0);
        // It did look: the config its worktree sees, and the checkout's own, by the pointer.
        expect(loot.git.config).toContain('remote.origin.url=https://github.com/octo/repo.git');
        expect(Object.keys(loot.reads)).toContain(config);
        expect(loot.denied[join(p.dir, '.env')]).toBe('EACCES');
      }

      expect(run.stderr).toMatch(/credentials: removed url-userinfo remote\.origin\.url .*extraheader/);
      expect(run.stderr).toMatch(/untracked files: \.env closed to agent users until the run ends/);

      // Afterwards: the config byte for byte, .env as it was, no journal left.
      expect(readFileSync(config).equals(before.bytes)).toBe(true);
      expect(statSync(config).mode).toBe(before.mode);
      expect(statSync(join(p.dir, '.env')).mode).toBe(before.env);
      expect(existsSync(join(p.dir, '.git', 'okstra-guard'))).toBe(false);
    },
    120_000,
  );
});
