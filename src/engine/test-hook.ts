import { setTimeout as sleep } from 'node:timers/promises';

/**
 * TEST HOOK ONLY. The crash-recovery tests kill okstra at phase boundaries
 * they can see on stdout; two of them (just before and just after the ledger
 * commit that persists a run) last milliseconds, so the test names them in
 * OKSTRA_TEST_HOOK_PAUSE_AT (comma-separated) and okstra stops there, says
 * so, and waits to be killed. Unset (always, outside those tests), this does
 * nothing at all.
 */
export const TEST_HOOK_ENV = 'OKSTRA_TEST_HOOK_PAUSE_AT';

export type TestHookPoint = 'persist-before-ledger' | 'persist-after-ledger';

/** How long a paused run waits before going on by itself, so a stray variable cannot hang a run forever. */
const PAUSE_MS = 5 * 60_000;

export async function testHookPause(
  point: TestHookPoint,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const wanted = env[TEST_HOOK_ENV];
  if (
    !wanted ||
    !wanted
      .split(',')
      .map((s) => s.trim())
      .includes(point)
  )
    return;
  log(`okstra TEST HOOK: paused at ${point} (${TEST_HOOK_ENV} is set; this only happens in okstra's own tests)`);
  await sleep(PAUSE_MS);
}
