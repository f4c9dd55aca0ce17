import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUILTIN_PROVIDERS, ConfigSchema, type BuiltinProvider } from '../src/core/config/schema.js';
import { Git } from '../src/git/git.js';
import { locateAgentCli } from '../src/providers/cli-locate.js';
import { AGENT_CLI_PINS, pinnedSpec } from '../src/providers/cli-pins.js';
import { resolveProvider } from '../src/providers/registry.js';
import { CLIS, FAKE_KEY, contractPrompt, engineEnv } from '../test/contract/helpers.js';
import { writeThenCarry } from '../test/contract/model-server/script.js';
import { startModelServer, type ModelServer } from '../test/contract/model-server/server.js';
import { fmt, isSmoke, sized, summarize, verdict } from './stats.js';

/**
 * Each real agent CLI through okstra's adapter against the scripted model
 * server, doing the one-turn scripted edit (write a file, then answer with
 * Stage Carry Evidence):
 *
 * - start → first request: from okstra's dispatch call to the CLI's first
 *   model request reaching the server (the CLI's own start-up, plus okstra's
 *   few set-up milliseconds reported apart below);
 * - end to end: the whole dispatch;
 * - okstra's overhead: end to end minus the CLI process's own lifetime —
 *   locating the binary, the private HOME and config files, reading the
 *   output, removing the folder.
 *
 * Smoke: one edit per CLI, no warm-up.
 */

async function repo(root: string, i: number): Promise<string> {
  const dir = join(root, `repo-${i}`);
  const git = new Git(root, {
    GIT_AUTHOR_NAME: 'b',
    GIT_AUTHOR_EMAIL: 'b@okstra.invalid',
    GIT_COMMITTER_NAME: 'b',
    GIT_COMMITTER_EMAIL: 'b@okstra.invalid',
  });
  await git.ok(['init', '--quiet', '--initial-branch=main', dir]);
  writeFileSync(join(dir, 'README.md'), '# bench\n');
  return dir;
}

interface Sample {
  firstRequestMs: number;
  endToEndMs: number;
  overheadMs: number;
}

async function oneEdit(ref: BuiltinProvider, server: ModelServer, cwd: string): Promise<Sample> {
  const cli = CLIS[ref];
  const config = ConfigSchema.parse({ providers: { [ref]: { baseUrl: cli.baseUrl(server) } } });
  const provider = resolveProvider(ref, config, { env: engineEnv(cli, { [cli.keyEnv]: FAKE_KEY }) });
  server.requests.length = 0;
  const started = performance.now();
  const result = await provider.run({
    worker: provider.rosterName,
    role: 'executor',
    prompt: contractPrompt('executor', cwd, 1),
    cwd,
    model: cli.model,
    readOnly: false,
    timeoutMs: 120_000,
    env: {},
    context: { planId: 'bench', stage: 1, runId: 'bench' },
  });
  const endToEndMs = performance.now() - started;
  if (result.status !== 'done')
    throw new Error(`${ref}: the scripted edit ended as ${result.status}: ${result.errorMessage ?? ''}`);
  const first = server.requests.find((r) => r.protocol !== null);
  if (!first) throw new Error(`${ref}: no model request reached the server`);
  return { firstRequestMs: first.at - started, endToEndMs, overheadMs: endToEndMs - result.durationMs };
}

export async function benchProviders(): Promise<string[]> {
  const lines: string[] = [];
  const server = await startModelServer(writeThenCarry('hello.txt', 'bench\n', 1));
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-providers-'));
  try {
    let n = 0;
    for (const ref of BUILTIN_PROVIDERS) {
      const lookup = locateAgentCli(ref);
      const label = `${ref} (${AGENT_CLI_PINS[ref].product} ${AGENT_CLI_PINS[ref].version})`;
      if (!lookup.found || lookup.launch.source !== 'pinned') {
        lines.push(
          `${label}: not measured — ${pinnedSpec(ref)} is not installed in okstra's CLI cache (run \`okstra install-clis\`)`,
        );
        continue;
      }
      if (!isSmoke()) await oneEdit(ref, server, await repo(root, n++)); // warm the file cache
      const count = sized(5, 1);
      const samples: Sample[] = [];
      for (let i = 0; i < count; i++) samples.push(await oneEdit(ref, server, await repo(root, n++)));
      const first = summarize(samples.map((s) => s.firstRequestMs));
      const e2e = summarize(samples.map((s) => s.endToEndMs));
      const overhead = summarize(samples.map((s) => s.overheadMs));
      lines.push(
        `${label}, n=${count}: start → first request median ${fmt(first.p50)}; one-turn scripted edit end to end median ${fmt(e2e.p50)} (worst ${fmt(Math.max(...samples.map((s) => s.endToEndMs)))}); okstra overhead median ${fmt(overhead.p50)}  [${verdict(overhead.p50, 100)}]`,
      );
    }
    if (server.scriptErrors.length > 0) lines.push(`scripted server errors: ${server.scriptErrors.join('; ')}`);
    return lines;
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
