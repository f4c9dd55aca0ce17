import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installClisFor } from '../../src/action/install-clis.js';
import { agentClisCacheKey } from '../../src/providers/cli-cache-key.js';
import { INSTALL_MARKER, pinnedInstallDir } from '../../src/providers/cli-locate.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  runAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const root = join(import.meta.dirname, '..', '..');
const RUNNER = { RUNNER_OS: 'Linux', RUNNER_ARCH: 'X64' };

/** A finished pinned install of Claude Code as `okstra install-clis` leaves it: the marker and the package's launcher. */
function completeClaudeInstall(cacheDir: string): void {
  const dir = pinnedInstallDir(cacheDir, 'claude');
  mkdirSync(join(dir, 'node_modules', '@anthropic-ai', 'claude-code'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', '@anthropic-ai', 'claude-code', 'cli-wrapper.cjs'), '');
  writeFileSync(join(dir, INSTALL_MARKER), JSON.stringify({ spec: pinnedSpec('claude') }));
}

/** npm that cannot fetch anything: an install attempt fails fast instead of reaching a registry. */
const offlineNpm = (): Record<string, string> => ({
  npm_config_offline: 'true',
  npm_config_cache: tempDir('okstra-npm-cache-'),
  npm_config_fetch_retries: '0',
});

describe('mode cli-cache-key', () => {
  it('sets the cache key and the folder install-clis fills, and nothing else: no API request, no session', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: {} } });
    api = await startFakeApi();
    const payload = workflowDispatchPayload({ mode: 'cli-cache-key' });

    // The default folder: .cache/agent-clis in the action's own folder (here the checkout the bundle was built in).
    const plain = await runAction(project, {
      inputs: { mode: 'cli-cache-key', 'github-token': 'ghs_OKSTRAtestGITHUBtoken0123456789abcdef' },
      eventName: 'workflow_dispatch',
      payload,
      api,
      env: RUNNER,
    });
    expect(plain.exitCode, plain.stderr + plain.stdout).toBe(0);
    expect(plain.outputs).toEqual({
      'cli-cache-key': agentClisCacheKey({ os: 'Linux', arch: 'X64' }),
      'cli-cache-path': join(root, '.cache', 'agent-clis'),
    });
    expect(plain.outputs['cli-cache-key']).toMatch(/^okstra-agent-clis-Linux-X64-[0-9a-f]{16}$/);
    expect(plain.stdout).toContain(
      `okstra: agent CLI cache ${join(root, '.cache', 'agent-clis')}, key okstra-agent-clis-`,
    );
    // No setup group: no repository, credential or config was touched.
    expect(plain.stdout).not.toContain('okstra: setup');

    // $OKSTRA_AGENT_CLIS_DIR moves the folder, as it moves install-clis; another runner gives another key.
    const cache = tempDir('okstra-clis-');
    const moved = await runAction(project, {
      inputs: { mode: 'cli-cache-key' },
      eventName: 'workflow_dispatch',
      payload,
      api,
      env: { RUNNER_OS: 'Linux', RUNNER_ARCH: 'ARM64', OKSTRA_AGENT_CLIS_DIR: cache },
    });
    expect(moved.exitCode, moved.stderr + moved.stdout).toBe(0);
    expect(moved.outputs).toEqual({
      'cli-cache-key': agentClisCacheKey({ os: 'Linux', arch: 'ARM64' }),
      'cli-cache-path': cache,
    });
    expect(api.requests).toEqual([]);
  });

  it('refuses a runner OS that cannot be part of a cache key, saying which', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: {} } });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'cli-cache-key' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({ mode: 'cli-cache-key' }),
      api,
      env: { RUNNER_OS: 'Linux,macOS', RUNNER_ARCH: 'X64' },
    });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('cannot name the agent CLI cache: the runner OS "Linux,macOS"');
    expect(run.outputs).toEqual({});
    expect(api.requests).toEqual([]);
  });
});

describe('install-clis after a cache restore', () => {
  it('installs nothing that the printed folder already holds, and installs what it lacks', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: {} } });
    api = await startFakeApi();
    const cache = tempDir('okstra-clis-');
    const keyRun = await runAction(project, {
      inputs: { mode: 'cli-cache-key' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({ mode: 'cli-cache-key' }),
      api,
      env: { ...RUNNER, OKSTRA_AGENT_CLIS_DIR: cache },
    });
    const folder = keyRun.outputs['cli-cache-path'] as string;
    expect(folder).toBe(cache);
    // What actions/cache would restore there: a finished install of the pinned Claude Code.
    completeClaudeInstall(folder);

    // No npm on PATH and an offline npm: any install attempt would fail the call.
    const env = { OKSTRA_AGENT_CLIS_DIR: folder, PATH: '', ...offlineNpm() };
    const lines: string[] = [];
    await installClisFor(['claude'], env, (line) => lines.push(line));
    expect(lines).toEqual(['install-clis: claude already available']);

    // The same folder without Codex: that one is installed (and fails here, with no npm to run).
    const tried: string[] = [];
    await expect(installClisFor(['claude', 'codex'], env, (line) => tried.push(line))).rejects.toThrow(
      /^install-clis: npm could not be started/,
    );
    expect(tried.slice(0, 2)).toEqual([
      'install-clis: claude already available',
      `install-clis: installing ${pinnedSpec('codex')}`,
    ]);
  });

  it('the bundled stage step with install-clis: true leaves a restored CLI alone', async () => {
    // The built-in Claude Code verifies: the roster needs that CLI.
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: {} },
      config: { verifiers: ['claude'] },
    });
    api = await startFakeApi();
    const cache = tempDir('okstra-clis-');
    completeClaudeInstall(cache);
    const run = await runAction(project, {
      inputs: {
        mode: 'stage',
        plan: project.planPath,
        stage: '1',
        'install-clis': 'true',
        'dry-run': 'true',
        'anthropic-api-key': 'sk-ant-api03-OKSTRAtestANTHROPICkey0123456789abcdef',
      },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({ mode: 'stage' }),
      api,
      env: { ...RUNNER, OKSTRA_AGENT_CLIS_DIR: cache, ...offlineNpm() },
    });
    expect(run.stdout).toContain('install-clis: claude already available');
    expect(run.stdout).not.toContain('install-clis: installing');
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);

    // The same step over an empty folder (a cache miss) does try to install it, and fails here offline.
    const miss = await runAction(project, {
      inputs: {
        mode: 'stage',
        plan: project.planPath,
        stage: '1',
        'install-clis': 'true',
        'dry-run': 'true',
        'anthropic-api-key': 'sk-ant-api03-OKSTRAtestANTHROPICkey0123456789abcdef',
      },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({ mode: 'stage' }),
      api,
      env: { ...RUNNER, OKSTRA_AGENT_CLIS_DIR: tempDir('okstra-clis-'), ...offlineNpm() },
    });
    expect(miss.stdout).toContain(`install-clis: installing ${pinnedSpec('claude')}`);
    expect(miss.exitCode).not.toBe(0);
    expect(api.requests).toEqual([]);
  });
});
