import type { BudgetsConfig } from '../config/schema.js';
import {
  addSpend,
  BUDGET_SCOPES,
  decideBudget,
  usd,
  ZERO_SPEND,
  type Account,
  type BudgetRefusalDecision,
  type BudgetScope,
  type Spend,
} from './budget.js';

/**
 * The budgets' books of one stage run: every request reserves its worst case
 * before it is forwarded and settles with what it really cost when it ends,
 * so requests running in parallel each count against the limits. No I/O and
 * no clock: the gateway calls it, the unit tests drive it directly.
 */

/** A reservation still to settle. */
export interface Hold {
  readonly worker: string;
  readonly cost: Spend;
  settled: boolean;
}

export interface RefusedReservation {
  worker: string;
  scope: BudgetScope;
  /** The worst case that did not fit, in the limit's unit. */
  reservation: string;
  /** What was left under that limit when it came. */
  headroom: string;
  cost: Spend;
}

export interface HeadroomRow {
  scope: BudgetScope;
  /** The worker session, for a `worker` limit. */
  worker?: string;
  limit: string;
  /** The limit minus spend and open reservations, never below 0; "unknown" when part of the spend has no price. */
  left: string;
}

export type ReserveResult = { ok: true; hold: Hold } | { ok: false; refusal: BudgetRefusalDecision };

export interface PlanSpendBefore {
  /** The plan's spend before this run (every run the ledger records). */
  plan?: Spend;
  /** The part of it spent today (UTC). */
  day?: Spend;
}

export class BudgetBook {
  private readonly workers = new Map<string, Account & { name: string }>();
  private readonly stage: Account = { spent: ZERO_SPEND, held: ZERO_SPEND };
  private largest: RefusedReservation | null = null;

  constructor(
    private readonly budgets: BudgetsConfig,
    private readonly before: PlanSpendBefore = {},
  ) {}

  /** Starts a worker session's account (one dispatch); `name` is its roster name. */
  openWorker(key: string, name: string): void {
    if (!this.workers.has(key)) this.workers.set(key, { name, spent: ZERO_SPEND, held: ZERO_SPEND });
  }

  /** Reserves `cost` in every scope of the worker's request, or says which limit it does not fit under. */
  reserve(key: string, cost: Spend, model: string | null, priced: boolean): ReserveResult {
    const worker = this.account(key);
    const decision = decideBudget({
      budgets: this.budgets,
      spent: {
        worker: worker.spent,
        stage: this.stage.spent,
        plan: addSpend(this.before.plan ?? ZERO_SPEND, this.stage.spent),
        day: addSpend(this.before.day ?? ZERO_SPEND, this.stage.spent),
      },
      held: { worker: worker.held, stage: this.stage.held, plan: this.stage.held, day: this.stage.held },
      cost,
      model,
      priced,
    });
    if (!decision.allowed) {
      if (decision.reservation !== null) this.noteRefused(worker.name, decision, cost);
      return { ok: false, refusal: decision };
    }
    const held = holdable(cost);
    worker.held = addSpend(worker.held, held);
    this.stage.held = addSpend(this.stage.held, held);
    return { ok: true, hold: { worker: key, cost: held, settled: false } };
  }

  /**
   * Releases a reservation and books what the request really cost. `actual`
   * null: the request was forwarded but its usage never arrived (a stream cut
   * short), so it may have cost up to its reservation, and that is booked.
   * Settling twice is a no-op.
   */
  settle(hold: Hold, actual: Spend | null): void {
    if (hold.settled) return;
    hold.settled = true;
    const worker = this.account(hold.worker);
    const spent = actual ?? hold.cost;
    worker.held = release(worker.held, hold.cost);
    this.stage.held = release(this.stage.held, hold.cost);
    worker.spent = addSpend(worker.spent, spent);
    this.stage.spent = addSpend(this.stage.spent, spent);
  }

  /** The largest reservation refused so far (a limit already reached refuses no reservation). */
  largestRefused(): RefusedReservation | null {
    return this.largest;
  }

  /** What is left under every configured limit, worker sessions in the order they opened. */
  headroom(): HeadroomRow[] {
    const rows: HeadroomRow[] = [];
    for (const scope of BUDGET_SCOPES) {
      const limit = this.budgets[scope];
      if (!limit) continue;
      const accounts =
        scope === 'worker'
          ? [...this.workers.values()].map((a) => ({ worker: a.name, account: a as Account }))
          : [{ worker: undefined, account: this.scopeAccount(scope) }];
      for (const { worker, account } of accounts) {
        const named = worker === undefined ? {} : { worker };
        if (limit.tokens !== undefined)
          rows.push({
            scope,
            ...named,
            limit: `${limit.tokens} tokens`,
            left: `${left(limit.tokens, account, 'tokens')} tokens`,
          });
        if (limit.usd !== undefined) {
          const remaining = account.spent.usd === null ? null : left(limit.usd, account, 'usd');
          rows.push({ scope, ...named, limit: usd(limit.usd), left: remaining === null ? 'unknown' : usd(remaining) });
        }
      }
    }
    return rows;
  }

  private scopeAccount(scope: Exclude<BudgetScope, 'worker'>): Account {
    if (scope === 'stage') return this.stage;
    const before = (scope === 'plan' ? this.before.plan : this.before.day) ?? ZERO_SPEND;
    return { spent: addSpend(before, this.stage.spent), held: this.stage.held };
  }

  private account(key: string): Account & { name: string } {
    const found = this.workers.get(key);
    if (found) return found;
    const opened = { name: key, spent: ZERO_SPEND, held: ZERO_SPEND };
    this.workers.set(key, opened);
    return opened;
  }

  private noteRefused(worker: string, refusal: BudgetRefusalDecision, cost: Spend): void {
    const bigger =
      this.largest === null ||
      (cost.usd ?? 0) > (this.largest.cost.usd ?? 0) ||
      ((cost.usd ?? 0) === (this.largest.cost.usd ?? 0) && cost.tokens > this.largest.cost.tokens);
    if (!bigger) return;
    this.largest = {
      worker,
      scope: refusal.scope,
      reservation: refusal.reservation ?? '',
      headroom: refusal.headroom,
      cost,
    };
  }
}

/** A hold's USD part counts as 0 when unpriced: only token limits can have admitted such a request. */
function holdable(cost: Spend): Spend {
  return { tokens: cost.tokens, usd: cost.usd ?? 0 };
}

function release(held: Spend, cost: Spend): Spend {
  return { tokens: Math.max(0, held.tokens - cost.tokens), usd: Math.max(0, (held.usd ?? 0) - (cost.usd ?? 0)) };
}

function left(limit: number, account: Account, unit: 'tokens' | 'usd'): number {
  const used =
    unit === 'tokens' ? account.spent.tokens + account.held.tokens : (account.spent.usd ?? 0) + (account.held.usd ?? 0);
  return Math.max(0, limit - used);
}
