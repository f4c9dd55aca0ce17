import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandProvider } from '../../src/providers/command.js';
import { runQa } from '../../src/engine/run-qa.js';
import { createSandbox, type AgentLease, type AgentSandbox } from '../../src/sandbox/sandbox.js';
import { agentScratchDir, tempDir } from '../helpers/git-repos.js';
import { killQuietly, readPid, request, waitForDeath } from '../providers/helpers.js';

/**
 * A shell line that leaves a writer behind: out of the caller's process group
 * (setsid), filling HOME for two minutes, its pid in `pidFile`. The line
 * ends once HOME holds 1,000 files, so one removal pass has thousands of
 * files to unlink while the writer adds more: it usually fails (ENOTEMPTY),
 * and every retry does for as long as the writer runs. A writer starved of
 * the CPU (a loaded machine) may let the first pass succeed; the lease's
 * release, which the engine makes right after, ends it then.
 */
const leaveWriter = (pidFile: string): string =>
  `setsid bash -c 'echo $$ > "$1"; i=0; while [ $SECONDS -lt 120 ]; do i=$((i+1)); : > "$HOME/f$((i % 20000))"; done' writer ${JSON.stringify(pidFile)} </dev/null >/dev/null 2>&1 & while [ ! -e "$HOME/f1000" ]; do :; done`;

/**
 * Whether the writer is gone. okstra's kill leaves a SIGKILL pending in every process of the agent user and returns
 * (killAllProcessesOf): the kernel ends each one the next time it runs, which on a loaded machine (another slow file
 * beside this one) can be a moment after. A writer okstra did not kill runs on for two minutes, so this still fails.
 */
const killed = (pid: number): Promise<boolean> => waitForDeath(pid, 5000);

let sandbox: AgentSandbox | null = null;
let lease: AgentLease | null = null;
const writers: string[] = [];

afterEach(async () => {
  for (const file of writers.splice(0)) killQuietly(readPid(file));
  await lease?.release();
  await sandbox?.close();
  lease = null;
  sandbox = null;
});

async function agentLease(): Promise<AgentLease> {
  sandbox = await createSandbox({ configured: 'auto', shell: 'action' });
  expect(sandbox.mode).toBe('os-user');
  lease = await sandbox.acquire();
  return lease;
}

describe('what an agent leaves running in its dispatch folder (real agent users; these tests run as root)', () => {
  it('is ended before the folder is removed: the folder goes, the answer stays, the report has nothing to say', async () => {
    const scratch = agentScratchDir();
    const pidFile = join(scratch, 'writer.pid');
    writers.push(pidFile);
    const script = join(scratch, 'leave-a-writer.sh');
    writeFileSync(script, `#!/bin/sh\n${leaveWriter(pidFile)}\nprintf "%s" "answer kept"\n`, { mode: 0o755 });
    // The agent user enters okstra's dispatch folders through their parent.
    const parent = tempDir('okstra-dispatch-parent-');
    chmodSync(parent, 0o711);
    const p = new CommandProvider({
      commandLine: JSON.stringify(script),
      rosterName: 'Command worker',
      env: { PATH: process.env.PATH },
      tmpDir: parent,
    });

    const result = await p.run(request(scratch, { lease: await agentLease() }));

    const writer = readPid(pidFile);
    expect(writer).not.toBeNull();
    expect(result).toMatchObject({ status: 'done', finalText: 'answer kept', exitCode: 0 });
    expect(result.stderrTail).not.toMatch(/could not remove/);
    expect(readdirSync(parent)).toEqual([]);
    // The engine releases a dispatch's lease as soon as the dispatch ends (the release ends every process of its user):
    // a writer that happened not to block the folder's removal dies then.
    await lease?.release();
    expect(await killed(writer as number)).toBe(true);
  });

  it('a QA command that leaves one does not turn the results into an error, and its HOME goes', async () => {
    const scratch = agentScratchDir();
    const pidFile = join(scratch, 'writer.pid');
    writers.push(pidFile);
    const homeFile = join(scratch, 'home.txt');

    const results = await runQa(
      [
        {
          source: 'config',
          label: 'leaves a daemon',
          cmd: `echo "$HOME" > ${JSON.stringify(homeFile)}; ${leaveWriter(pidFile)}; echo started`,
          timeoutMs: 20_000,
        },
      ],
      { cwd: scratch, env: { PATH: process.env.PATH }, lease: await agentLease() },
    );

    expect(results).toMatchObject([{ passed: true, exitCode: 0 }]);
    const home = readFileSync(homeFile, 'utf8').trim();
    expect(home).toMatch(/okstra-qa-/);
    expect(existsSync(dirname(home))).toBe(false);
    // As the engine does right after its QA commands (stage-evidence.ts, final-qa.ts): the lease's release ends a
    // leftover that happened not to block the folder's removal.
    await lease?.release();
    expect(await killed(readPid(pidFile) as number)).toBe(true);
  });
});
