/**
 * A run that cannot write (ENOSPC at the ledger's write edge: the report, the carry, the row) still ends its claim:
 * a small terminal row when that fits, otherwise the log names the one command that ends it, and that command works
 * once there is room. The fault is injected by a ledger store that refuses writes with ENOSPC, over the real one.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerStore } from '../../src/git/ledger-store.js';
import { runStage } from '../../src/engine/run-stage.js';
import { runCli } from '../helpers/cli.js';
import { engineFor, executorOnly, ledgerRows, makeProject, newRunId, WRITES_STAGE_FILE } from './helpers.js';

const diskFull = (): Error =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

/** The real store, except that appends `refuse` picks fail as a full disk fails them. */
function fullDisk(real: LedgerStore, refuse: (req: Parameters<LedgerStore['append']>[0]) => boolean): LedgerStore {
  return {
    read: (...a) => real.read(...a),
    readState: (...a) => real.readState(...a),
    readFile: (...a) => real.readFile(...a),
    tip: () => real.tip(),
    append: (req) => (refuse(req) ? Promise.reject(diskFull()) : real.append(req)),
  };
}

async function setUp() {
  const p = await makeProject({
    plan: 'linear.md',
    agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
  });
  const engine = await engineFor(p);
  const { request, deps } = engine.prepared;
  return { p, engine, request: { ...request, stage: 1, runId: newRunId(1) }, deps };
}

describe('a full disk never leaves a stage claimed', () => {
  it('the report cannot be written: a small failed row ends the claim and says the disk is full', async () => {
    const { p, request, deps } = await setUp();
    // Every write that carries files (the report, the carry) fails; a bare row still fits.
    const ledger = fullDisk(deps.ledger, (req) => (req.files ?? []).length > 0);
    await expect(runStage(request, { ...deps, ledger })).rejects.toThrow(/ENOSPC/);
    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({
      reason: 'error',
      run_id: request.runId,
      detail: expect.stringMatching(/the disk is full.*ENOSPC/),
    });
  });

  it('not even the row fits: the log names the release command, and that command ends the claim', async () => {
    const { p, engine, request, deps } = await setUp();
    const ledger = fullDisk(deps.ledger, (req) => req.row.status !== 'started');
    await expect(runStage(request, { ...deps, ledger })).rejects.toThrow(/ENOSPC/);
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started']);

    const said = engine.log.find((l) => l.includes('could not release the claim'));
    expect(said).toMatch(/Free disk space, then end the claim with: okstra ledger release /);
    const command = /with: (okstra ledger release .*)$/.exec(said ?? '')?.[1] ?? '';
    expect(command).toBe(`okstra ledger release --plan-id ${p.planId} --stage 1 --force --repo ${p.dir}`);

    // Room again: the command as printed ends the claim.
    const released = await runCli(command.split(' ').slice(1), { cwd: p.dir });
    expect(released.exitCode).toBe(0);
    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({ reason: 'abandoned' });
  });
});
