import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeRepo } from '../helpers/git-repos.js';
import { dispatch } from './helpers.js';
import { verifierMessage } from './model-server/script.js';
import { defineContractSuite } from './suite.js';

defineContractSuite('gemini', ({ cli, server, rig }) => {
  // Measured on 0.61.0: in headless plan mode a model may write a plan into the
  // CLI's plans folder and call exit_plan_mode, which answers "Plan approved.
  // Switching to YOLO mode" — after that it writes and runs anything. okstra's
  // admin policy denies exit_plan_mode in read-only sessions.
  it('a read-only session cannot approve its own way out of plan mode', async () => {
    const { dir, git } = await makeRepo();
    let plansDir = '';
    server().setScript((call) => {
      plansDir = /designated plans directory \(([^)]+)\)/.exec(call.lastToolResult ?? '')?.[1] ?? plansDir;
      switch (call.turn) {
        case 0:
          return { kind: 'write', path: 'intruder.txt', content: 'x\n' }; // refused; the error names the plans folder
        case 1:
          return { kind: 'write', path: join(plansDir, 'escape.md'), content: '# Plan\n\n1. Write intruder.txt\n' };
        case 2:
          return { kind: 'tool', name: 'exit_plan_mode', args: { plan_filename: 'escape.md' } };
        case 3:
          return { kind: 'write', path: 'intruder.txt', content: 'x\n' };
        case 4:
          return { kind: 'shell', command: 'touch intruder-from-shell.txt' };
        default:
          return { kind: 'text', text: verifierMessage('PASS') };
      }
    });
    const result = await dispatch(cli, rig(), dir, { role: 'verifier' });

    expect(plansDir, 'the refusal should have named the plans folder').not.toBe('');
    expect(result.status).toBe('done');
    expect(existsSync(join(dir, 'intruder.txt')), 'the model left plan mode and wrote a file').toBe(false);
    expect(existsSync(join(dir, 'intruder-from-shell.txt')), 'the model left plan mode and ran a command').toBe(false);
    expect(await git.ok(['status', '--porcelain', '--untracked-files=all'])).toBe('');
    const exitCall = server().requests.find((r) => r.call?.turn === 3)?.call;
    expect(exitCall?.lastToolResult).not.toMatch(/Plan approved/);
  });
});
