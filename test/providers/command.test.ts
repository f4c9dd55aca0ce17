import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandProvider } from '../../src/providers/command.js';
import { tempDir } from '../helpers/git-repos.js';
import { agentCommand, killQuietly, readPid, request, waitForDeath, waitForEsrch } from './helpers.js';

interface Recorded {
  role: string;
  worker: string;
  stage: string;
  planId: string;
  runId: string;
  model: string | null;
  readOnly: string;
  cwd: string;
  prompt: string;
  promptFile: string;
  promptFromFile: string | null;
  env: Record<string, string>;
  /** HOME's names when the program started; null when it had no HOME folder. */
  homeAtStart: string[] | null;
}

function records(file: string): Recorded[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Recorded);
}

/** A provider running the stand-in with `script`, dispatch dirs under a private tmp dir. */
function provider(script: object, over: Partial<ConstructorParameters<typeof CommandProvider>[0]> = {}) {
  const tmpDir = tempDir('okstra-dispatch-parent-');
  const p = new CommandProvider({
    commandLine: agentCommand(script),
    rosterName: 'Command worker',
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    tmpDir,
    ...over,
  });
  return { provider: p, tmpDir };
}

describe('CommandProvider', () => {
  it('speaks the contract: prompt on stdin and in a file, OKSTRA_* variables, cwd = worktree, private HOME', async () => {
    const worktree = tempDir('okstra-worktree-');
    const log = join(tempDir(), 'calls.jsonl');
    const { provider: p, tmpDir } = provider({ record: log, final: 'all good' });
    const result = await p.run(
      request(worktree, {
        role: 'verifier',
        worker: 'Aider worker',
        readOnly: true,
        model: 'fast-1',
        prompt: 'Check stage 2 ✓\n',
      }),
    );

    expect(result).toMatchObject({ status: 'done', finalText: 'all good', exitCode: 0, sessionId: null, usage: null });
    const [call] = records(log);
    expect(call).toMatchObject({
      role: 'verifier',
      worker: 'Aider worker',
      stage: '2',
      planId: 'demo-plan',
      runId: 'run-1',
      model: 'fast-1',
      readOnly: '1',
      prompt: 'Check stage 2 ✓\n',
      promptFromFile: 'Check stage 2 ✓\n',
    });
    const env = call?.env ?? {};
    expect(env.OKSTRA_WORKTREE).toBe(worktree);
    expect(call?.cwd).toBe(worktree);
    expect(env.OKSTRA_PROMPT_FILE).toBe(call?.promptFile);
    expect(env.OKSTRA_OUTPUT_FILE?.startsWith(tmpDir)).toBe(true);
    expect(env.OKSTRA_USAGE_FILE?.startsWith(tmpDir)).toBe(true);
    expect(env.HOME?.startsWith(tmpDir)).toBe(true);
    expect(env.HOME).not.toBe(process.env.HOME);
    // The answer files are the agent's own, in its private HOME, and not there before it writes them.
    expect(dirname(env.OKSTRA_OUTPUT_FILE ?? '')).toBe(env.HOME);
    expect(dirname(env.OKSTRA_USAGE_FILE ?? '')).toBe(env.HOME);
    expect(call?.homeAtStart).toEqual([]);
    expect(env.LANG).toBe('C.UTF-8');
    // The per-dispatch directory (prompt file, HOME) is gone afterwards.
    expect(existsSync(call?.promptFile ?? '')).toBe(false);
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('sets OKSTRA_READ_ONLY=0 for the executor and leaves OKSTRA_MODEL out when no model is chosen', async () => {
    const log = join(tempDir(), 'calls.jsonl');
    const { provider: p } = provider({ record: log });
    await p.run(request(tempDir(), { model: null }));
    const env = records(log)[0]?.env ?? {};
    expect(env.OKSTRA_ROLE).toBe('executor');
    expect(env.OKSTRA_READ_ONLY).toBe('0');
    expect(env).not.toHaveProperty('OKSTRA_MODEL');
  });

  it('gives every dispatch a fresh HOME, so no session state leaks from executor to verifier', async () => {
    const log = join(tempDir(), 'calls.jsonl');
    const { provider: p } = provider({ record: log, writeFiles: { '{{env.HOME}}/.agent-session': 'secret session' } });
    await p.run(request(tempDir()));
    await p.run(request(tempDir(), { role: 'verifier', readOnly: true }));
    const [first, second] = records(log);
    expect(first?.env.HOME).not.toBe(second?.env.HOME);
    expect(existsSync(join(first?.env.HOME ?? '', '.agent-session'))).toBe(false);
    expect(existsSync(join(second?.env.HOME ?? '', '.agent-session'))).toBe(false);
  });

  it('takes the final message from OKSTRA_OUTPUT_FILE over stdout', async () => {
    const { provider: p } = provider({
      stdout: 'progress noise\n',
      final: 'the real message',
      finalVia: 'output-file',
    });
    const result = await p.run(request(tempDir()));
    expect(result).toMatchObject({ status: 'done', finalText: 'the real message' });
  });

  it('reads usage from OKSTRA_USAGE_FILE, and ignores an invalid one with a note', async () => {
    const ok = await provider({ usage: { inputTokens: 1200, outputTokens: 340, costUsd: 0.012 } }).provider.run(
      request(tempDir()),
    );
    expect(ok.usage).toEqual({ inputTokens: 1200, outputTokens: 340, costUsd: 0.012 });
    const bad = await provider({ usage: '{"inputTokens": "many"}' }).provider.run(request(tempDir()));
    expect(bad.usage).toBeNull();
    expect(bad.stderrTail).toMatch(/ignored OKSTRA_USAGE_FILE: inputTokens/);
    const garbage = await provider({ usage: 'not json' }).provider.run(request(tempDir()));
    expect(garbage.usage).toBeNull();
    expect(garbage.stderrTail).toMatch(/not valid JSON/);
  });

  it('reports a non-zero exit as an error naming the exit code and the last stderr line', async () => {
    const { provider: p } = provider({ stderr: 'warming up\nmodel quota exhausted\n', final: 'partial', exitCode: 3 });
    const result = await p.run(request(tempDir()));
    expect(result.status).toBe('error');
    expect(result.exitCode).toBe(3);
    expect(result.errorMessage).toMatch(/exited with code 3: model quota exhausted$/);
    expect(result.stderrTail).toBe('warming up\nmodel quota exhausted');
    expect(result.finalText).toBe('partial');
  });

  it('reports a crash by signal and a program that cannot start', async () => {
    const crashed = await provider({ crash: 'SIGABRT' }).provider.run(request(tempDir()));
    expect(crashed).toMatchObject({ status: 'error', exitCode: null });
    expect(crashed.errorMessage).toMatch(/killed by SIGABRT \(no stderr output\)/);

    const missing = new CommandProvider({
      commandLine: 'okstra-no-such-agent --x',
      rosterName: 'Ghost worker',
      env: { PATH: process.env.PATH },
    });
    const result = await missing.run(request(tempDir()));
    expect(result.status).toBe('error');
    expect(result.errorMessage).toMatch(/`okstra-no-such-agent --x` could not be started: .*not found/);
  });

  it('times out, killing the whole process tree', async () => {
    const pidFile = join(tempDir(), 'gc.pid');
    let grandchild: number | null = null;
    try {
      const { provider: p } = provider({ spawnGrandchild: { pidFile }, hang: true }, { killGraceMs: 300 });
      const result = await p.run(request(tempDir(), { timeoutMs: 700 }));
      grandchild = readPid(pidFile);
      expect(result.status).toBe('timeout');
      expect(result.exitCode).toBeNull();
      expect(result.errorMessage).toMatch(/did not finish within 700 ms; its process tree was killed/);
      expect(await waitForDeath(grandchild as number)).toBe(true);
      expect(await waitForEsrch(grandchild as number)).toBe(true);
    } finally {
      killQuietly(grandchild);
    }
  });

  it('caps the final message, keeping its end, and says so', async () => {
    const { provider: p } = provider({ stdoutBytes: 50_000, final: 'THE END' }, { maxOutputBytes: 1000 });
    const result = await p.run(request(tempDir()));
    expect(result.status).toBe('done');
    expect(result.finalText.length).toBeLessThanOrEqual(1000);
    expect(result.finalText.endsWith('THE END')).toBe(true);
    expect(result.stderrTail).toMatch(/stdout was larger than 1000 bytes/);

    const big = provider({ final: `${'y'.repeat(5000)}LAST`, finalVia: 'output-file' }, { maxOutputBytes: 100 });
    const fromFile = await big.provider.run(request(tempDir()));
    expect(fromFile.finalText).toHaveLength(100);
    expect(fromFile.finalText.endsWith('LAST')).toBe(true);
    expect(fromFile.stderrTail).toMatch(/OKSTRA_OUTPUT_FILE was larger than 100 bytes/);
  });

  it("passes only its own API key from the engine's environment, plus request.env", async () => {
    const engineEnv = {
      PATH: process.env.PATH,
      HOME: '/home/engine',
      FAKE_OPENAI_API_KEY: 'sk-fake-openai',
      FAKE_ANTHROPIC_API_KEY: 'sk-fake-anthropic',
      GITHUB_TOKEN: 'ghs_fake',
      SOME_RANDOM_VAR: 'x',
    };
    const log = join(tempDir(), 'calls.jsonl');
    const mine = new CommandProvider({
      commandLine: agentCommand({ record: log }),
      rosterName: 'Openai-ish worker',
      env: engineEnv,
      config: { apiKeyEnv: 'FAKE_OPENAI_API_KEY', baseUrl: 'http://127.0.0.1:9/v1' },
    });
    const other = new CommandProvider({
      commandLine: agentCommand({ record: log }),
      rosterName: 'Other worker',
      env: engineEnv,
      config: { apiKeyEnv: 'FAKE_ANTHROPIC_API_KEY' },
    });
    await mine.run(request(tempDir(), { env: { EXTRA_FOR_THIS_PROCESS: 'yes' } }));
    await other.run(request(tempDir(), { role: 'verifier', readOnly: true }));
    const [a, b] = records(log);
    expect(a?.env.FAKE_OPENAI_API_KEY).toBe('sk-fake-openai');
    expect(a?.env.OKSTRA_BASE_URL).toBe('http://127.0.0.1:9/v1');
    expect(a?.env.EXTRA_FOR_THIS_PROCESS).toBe('yes');
    expect(b?.env.FAKE_ANTHROPIC_API_KEY).toBe('sk-fake-anthropic');
    for (const env of [a?.env ?? {}, b?.env ?? {}]) {
      expect(env.GITHUB_TOKEN).toBeUndefined();
      expect(env.SOME_RANDOM_VAR).toBeUndefined();
      expect(env.HOME).not.toBe('/home/engine');
    }
    expect(b?.env.FAKE_OPENAI_API_KEY).toBeUndefined();
    expect(a?.env.FAKE_ANTHROPIC_API_KEY).toBeUndefined();
    expect(
      Object.keys(a?.env ?? {})
        .filter((k) => !k.startsWith('OKSTRA_'))
        .sort(),
    ).toEqual(['EXTRA_FOR_THIS_PROCESS', 'FAKE_OPENAI_API_KEY', 'HOME', 'PATH']);
  });

  it('lets request.env not override the contract variables or the private HOME', async () => {
    const log = join(tempDir(), 'calls.jsonl');
    const { provider: p } = provider({ record: log });
    await p.run(request(tempDir(), { env: { HOME: '/elsewhere', OKSTRA_ROLE: 'critic' } }));
    const env = records(log)[0]?.env ?? {};
    expect(env.OKSTRA_ROLE).toBe('executor');
    expect(env.HOME).not.toBe('/elsewhere');
  });

  it('does the work in the worktree: files the stand-in writes land there', async () => {
    const worktree = tempDir('okstra-worktree-');
    const { provider: p } = provider({
      writeFiles: { 'src/hello.ts': 'export const hello = "{{WORKER}}";\n' },
      carry: true,
    });
    const result = await p.run(request(worktree, { worker: 'Aider worker' }));
    expect(readFileSync(join(worktree, 'src/hello.ts'), 'utf8')).toBe('export const hello = "Aider worker";\n');
    expect(result.finalText).toContain('### Stage Carry Evidence');
    expect(result.finalText).toContain('"filesChanged": [\n    "src/hello.ts"\n  ]');
  });

  it('runs the program from the trusted checkout, not a copy the worktree under review could rewrite', async () => {
    const trusted = tempDir('okstra-trusted-');
    const worktree = tempDir('okstra-worktree-');
    writeFileSync(join(trusted, 'review.mjs'), "process.stdout.write('trusted reviewer');\n");
    // The stage under review ships its own review.mjs: it must not be the one that runs.
    writeFileSync(join(worktree, 'review.mjs'), "process.stdout.write('tampered reviewer');\n");
    const p = new CommandProvider({
      commandLine: `${JSON.stringify(process.execPath)} review.mjs --flag`,
      rosterName: 'Command worker',
      env: { PATH: process.env.PATH },
      tmpDir: tempDir(),
      resolveFrom: trusted,
    });
    expect(p.args).toEqual([join(trusted, 'review.mjs'), '--flag']);
    const result = await p.run(request(worktree));
    expect(result.finalText).toBe('trusted reviewer');
  });

  it('writes the prompt file privately (0600)', async () => {
    const out = join(tempDir(), 'mode');
    const script = join(tempDir(), 'mode.mjs');
    writeFileSync(
      script,
      `import { statSync, writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(out)}, (statSync(process.env.OKSTRA_PROMPT_FILE).mode & 0o777).toString(8));`,
    );
    const p = new CommandProvider({
      commandLine: `'${process.execPath}' '${script}'`,
      rosterName: 'Command worker',
      env: { PATH: process.env.PATH },
    });
    expect((await p.run(request(tempDir()))).status).toBe('done');
    expect(readFileSync(out, 'utf8')).toBe('600');
  });

  it('a process the program left writing into its HOME does not turn its answer into an error', async () => {
    const pidFile = join(tempDir(), 'writer.pid');
    const script = join(tempDir(), 'leave-a-writer.sh');
    // The writer escapes the program's process group (setsid), so nothing ends it when the program exits: okstra's
    // removal of the dispatch folder races a folder that keeps filling (ENOTEMPTY). It stops by itself after a second
    // or two (or 20,000 files), so the removal's retries end too.
    writeFileSync(
      script,
      [
        '#!/bin/sh',
        `setsid bash -c 'echo $$ > "$1"; i=0; while [ $SECONDS -lt 2 ] && [ $i -lt 20000 ]; do i=$((i+1)); : > "$HOME/f$i"; done' writer ${JSON.stringify(pidFile)} </dev/null >/dev/null 2>&1 &`,
        `while [ ! -s ${JSON.stringify(pidFile)} ]; do :; done`,
        'printf "%s" "answer kept"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const tmpDir = tempDir();
    const p = new CommandProvider({
      commandLine: JSON.stringify(script),
      rosterName: 'Command worker',
      env: { PATH: process.env.PATH },
      tmpDir,
    });
    let writer: number | null = null;
    try {
      const result = await p.run(request(tempDir()));
      writer = readPid(pidFile);
      expect(writer).not.toBeNull();
      expect(result).toMatchObject({ status: 'done', finalText: 'answer kept', exitCode: 0 });
      // Still there (nothing here kills the writer): the folder could not go, and the report says so. A removal that
      // outlasted the writer succeeded, and then there is nothing to say.
      if (readdirSync(tmpDir).length > 0)
        expect(result.stderrTail).toMatch(/okstra: could not remove the dispatch folder .*ENOTEMPTY/);
      else expect(result.stderrTail).not.toMatch(/could not remove/);
    } finally {
      killQuietly(writer ?? readPid(pidFile));
    }
  });
});
