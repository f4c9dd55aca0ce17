import type { Scrubber } from '../core/text/scrub.js';
import { timed } from '../process/timings.js';
import type {
  AppendRequest,
  AppendResult,
  LedgerSnapshot,
  LedgerStateSnapshot,
  LedgerStore,
  ReadOptions,
} from './ledger-store.js';

/**
 * The ledger store the engine writes through on a runner (and the CLI, when
 * it knows keys to scrub): every row and file is scrubbed of the run's
 * secrets before it is committed, so a key an agent echoed never reaches the
 * ledger branch.
 */
export class ScrubbingLedgerStore implements LedgerStore {
  constructor(
    private readonly inner: LedgerStore,
    private readonly scrub: Scrubber,
  ) {}

  read(planId: string, opts?: ReadOptions): Promise<LedgerSnapshot> {
    return timed('ledger:read', () => this.inner.read(planId, opts));
  }

  readState(planId: string, opts?: ReadOptions): Promise<LedgerStateSnapshot> {
    return timed('ledger:read-state', () => this.inner.readState(planId, opts));
  }

  readFile(commit: string, path: string): Promise<string | null> {
    return this.inner.readFile(commit, path);
  }

  append(request: AppendRequest): Promise<AppendResult> {
    return timed('ledger:append', () => this.inner.append(this.scrub.appendRequest(request)));
  }

  tip(): Promise<string | null> {
    return this.inner.tip();
  }
}
