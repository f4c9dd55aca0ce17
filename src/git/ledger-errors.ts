import type { RefusalCode } from '../core/ledger/index.js';

/** The ledger's rules said no; retrying will not change that. */
export class LedgerRefusedError extends Error {
  constructor(
    readonly code: RefusalCode | 'file-exists' | 'missing-carry' | 'missing-report' | 'repair-refused',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerRefusedError';
  }
}

/** git itself failed (no such remote, authentication, disk): not a rule, not a race. */
export class LedgerIoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerIoError';
  }
}

/** Other writers kept winning the compare-and-swap until the time budget ran out. */
export class LedgerContentionError extends Error {
  constructor(attempts: number, elapsedMs: number) {
    super(
      `ledger append gave up after ${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s of compare-and-swap conflicts; try again`,
    );
    this.name = 'LedgerContentionError';
  }
}
