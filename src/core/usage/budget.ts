import type { BudgetLimit, BudgetsConfig } from '../config/schema.js';

/** What has been counted so far in one scope; `usd` is null when some of it has no known price. */
export interface Spend {
  tokens: number;
  usd: number | null;
}

export const ZERO_SPEND: Spend = Object.freeze({ tokens: 0, usd: 0 });

/** `day` is the plan's spend in the current UTC day, over every run. */
export type BudgetScope = 'worker' | 'stage' | 'plan' | 'day';

/** One scope's books: what settled requests spent, and what requests in flight hold. */
export interface Account {
  spent: Spend;
  /** Worst-case cost reserved by requests that have not ended; always priced when a USD limit applies. */
  held: Spend;
}

export interface BudgetQuestion {
  budgets: BudgetsConfig;
  spent: Readonly<Record<'worker' | 'stage' | 'plan', Spend>> & { readonly day?: Spend };
  /** Reservations still open per scope (absent: none). */
  held?: Readonly<Partial<Record<BudgetScope, Spend>>>;
  /** This request's worst-case cost (absent: the question is only whether a limit is already reached). */
  cost?: Spend;
  /** The model the request asks for (null when it names none). */
  model: string | null;
  /** Whether that model has a price; a USD limit cannot be enforced without one. */
  priced: boolean;
}

export interface BudgetRefusalDecision {
  allowed: false;
  scope: BudgetScope;
  /** `limit`, `spent` in the limit's unit, e.g. `100000 tokens`, `$5.00`. */
  limit: string;
  spent: string;
  /** The worst-case cost that did not fit, in the limit's unit; null when the limit was already reached or unenforceable. */
  reservation: string | null;
  /** What was left under the limit (spent and held subtracted), in its unit. */
  headroom: string;
  /** Starts with `okstra: budget exceeded:`; safe to show to the agent and in the report. */
  message: string;
}

export type BudgetDecision = { allowed: true } | BudgetRefusalDecision;

export const BUDGET_SCOPES: readonly BudgetScope[] = ['worker', 'stage', 'plan', 'day'];

const SCOPE_WORDS: Record<BudgetScope, string> = {
  worker: 'worker session',
  stage: 'stage run',
  plan: 'plan',
  day: 'plan today (UTC)',
};

export const BUDGET_MESSAGE_PREFIX = 'okstra: budget exceeded:';

/**
 * Whether a request may start. Checked for the worker, the stage run, the
 * plan and the plan's day, in that order: a scope whose spend has reached its
 * limit refuses ("reached"); so does one where the spend, the reservations of
 * requests in flight and this request's worst case together would pass it
 * ("would be passed"). A USD limit over a model with no price, or over spend
 * whose cost is partly unknown, cannot be enforced, so it refuses too — with
 * a message that says how to fix it.
 */
export function decideBudget(question: BudgetQuestion): BudgetDecision {
  for (const scope of BUDGET_SCOPES) {
    const limit: BudgetLimit | undefined = question.budgets[scope];
    if (!limit) continue;
    const account: Account = {
      spent: question.spent[scope] ?? ZERO_SPEND,
      held: question.held?.[scope] ?? ZERO_SPEND,
    };
    const cost = question.cost ?? ZERO_SPEND;
    const refusal =
      (limit.tokens !== undefined ? tokenRefusal(scope, limit.tokens, account, cost.tokens) : null) ??
      (limit.usd !== undefined ? usdRefusal(scope, limit.usd, account, cost.usd, question) : null);
    if (refusal) return refusal;
  }
  return { allowed: true };
}

function tokenRefusal(scope: BudgetScope, limit: number, account: Account, cost: number): BudgetRefusalDecision | null {
  const left = limit - account.spent.tokens - account.held.tokens;
  if (account.spent.tokens < limit && cost <= left) return null;
  const fmt = (n: number): string => `${n} tokens`;
  return refuse(scope, 'tokens', fmt(limit), fmt(account.spent.tokens), fmt(Math.max(0, left)), {
    reached: account.spent.tokens >= limit,
    cost: fmt(cost),
    held: account.held.tokens > 0 ? fmt(account.held.tokens) : null,
  });
}

function usdRefusal(
  scope: BudgetScope,
  limit: number,
  account: Account,
  cost: number | null,
  question: BudgetQuestion,
): BudgetRefusalDecision | null {
  const l = usd(limit);
  if (!question.priced || cost === null) {
    const model = question.model === null ? 'a request that names no model' : `model "${question.model}"`;
    const spent = account.spent.usd === null ? 'unknown' : usd(account.spent.usd);
    return unenforceable(
      scope,
      l,
      spent,
      `${model} has no price; add it under pricing: in .okstra/config.yml (USD per million tokens: input, output)`,
    );
  }
  if (account.spent.usd === null)
    return unenforceable(
      scope,
      l,
      'unknown',
      `part of this ${SCOPE_WORDS[scope]}'s spend has no known price; add the missing models under pricing: in .okstra/config.yml`,
    );
  const left = limit - account.spent.usd - (account.held.usd ?? 0);
  if (account.spent.usd < limit && cost <= left) return null;
  const held = account.held.usd ?? 0;
  return refuse(scope, 'usd', l, usd(account.spent.usd), usd(Math.max(0, left)), {
    reached: account.spent.usd >= limit,
    cost: usd(cost),
    held: held > 0 ? usd(held) : null,
  });
}

function unenforceable(scope: BudgetScope, limit: string, spent: string, why: string): BudgetRefusalDecision {
  return {
    allowed: false,
    scope,
    limit,
    spent,
    reservation: null,
    headroom: 'unknown',
    message: `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${limit} cannot be enforced: ${why}`,
  };
}

/** The one wording of a limit that a request does not fit under. */
function refuse(
  scope: BudgetScope,
  unit: 'tokens' | 'usd',
  limit: string,
  spent: string,
  headroom: string,
  how: { reached: boolean; cost: string; held: string | null },
): BudgetRefusalDecision {
  const words = SCOPE_WORDS[scope];
  const raise = `raise budgets.${scope}.${unit} in .okstra/config.yml to continue`;
  const message = how.reached
    ? `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${limit} reached (this ${words} has spent ${spent}); ${raise}`
    : `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${limit} would be passed: this request may cost up to ${how.cost} ` +
      `and this ${words} has ${headroom} left (spent ${spent}${how.held ? `, ${how.held} held by requests in flight` : ''}); ${raise}`;
  return { allowed: false, scope, limit, spent, reservation: how.reached ? null : how.cost, headroom, message };
}

/** A spend plus another; an unknown cost makes the sum unknown. */
export function addSpend(a: Spend, b: Spend): Spend {
  return { tokens: a.tokens + b.tokens, usd: a.usd === null || b.usd === null ? null : a.usd + b.usd };
}

/** Dollars with cents, and more digits when the amount is small enough that cents would hide it. */
export function usd(amount: number): string {
  if (amount !== 0 && Math.abs(amount) < 0.01) return `$${amount.toPrecision(2)}`;
  return `$${amount.toFixed(amount >= 100 ? 2 : 4).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}
