import type { BudgetLimit, BudgetsConfig } from '../config/schema.js';

/** What has been counted so far in one scope; `usd` is null when some of it has no known price. */
export interface Spend {
  tokens: number;
  usd: number | null;
}

export type BudgetScope = 'worker' | 'stage' | 'plan';

export interface BudgetQuestion {
  budgets: BudgetsConfig;
  spent: Readonly<Record<BudgetScope, Spend>>;
  /** The model the request asks for (null when it names none). */
  model: string | null;
  /** Whether that model has a price; a USD limit cannot be enforced without one. */
  priced: boolean;
}

export type BudgetDecision =
  | { allowed: true }
  | {
      allowed: false;
      scope: BudgetScope;
      /** `limit` and `spent` in the limit's unit, e.g. `100000 tokens`, `$5.00`. */
      limit: string;
      spent: string;
      /** Starts with `okstra: budget exceeded:`; safe to show to the agent and in the report. */
      message: string;
    };

const SCOPES: readonly BudgetScope[] = ['worker', 'stage', 'plan'];

const SCOPE_WORDS: Record<BudgetScope, string> = { worker: 'worker session', stage: 'stage run', plan: 'plan' };

export const BUDGET_MESSAGE_PREFIX = 'okstra: budget exceeded:';

/**
 * Whether a request may start. It is refused when, before it starts, the
 * spend already counted for its worker, its stage run or its plan has
 * reached a limit (spent >= limit), checked in that order. A USD limit over
 * a model with no price, or over spend whose cost is partly unknown, cannot
 * be enforced, so it refuses too — with a message that says how to fix it.
 */
export function decideBudget(question: BudgetQuestion): BudgetDecision {
  for (const scope of SCOPES) {
    const limit: BudgetLimit | undefined = question.budgets[scope];
    if (!limit) continue;
    const spent = question.spent[scope];
    const words = SCOPE_WORDS[scope];
    if (limit.tokens !== undefined && spent.tokens >= limit.tokens) {
      const l = `${limit.tokens} tokens`;
      const s = `${spent.tokens} tokens`;
      return {
        allowed: false,
        scope,
        limit: l,
        spent: s,
        message: `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${l} reached (this ${words} has spent ${s}); raise budgets.${scope}.tokens in .okstra/config.yml to continue`,
      };
    }
    if (limit.usd !== undefined) {
      const l = usd(limit.usd);
      if (!question.priced) {
        const model = question.model === null ? 'a request that names no model' : `model "${question.model}"`;
        return {
          allowed: false,
          scope,
          limit: l,
          spent: spent.usd === null ? 'unknown' : usd(spent.usd),
          message: `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${l} cannot be enforced: ${model} has no price; add it under pricing: in .okstra/config.yml (USD per million tokens: input, output)`,
        };
      }
      if (spent.usd === null) {
        return {
          allowed: false,
          scope,
          limit: l,
          spent: 'unknown',
          message: `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${l} cannot be enforced: part of this ${words}'s spend has no known price; add the missing models under pricing: in .okstra/config.yml`,
        };
      }
      if (spent.usd >= limit.usd) {
        const s = usd(spent.usd);
        return {
          allowed: false,
          scope,
          limit: l,
          spent: s,
          message: `${BUDGET_MESSAGE_PREFIX} ${scope} limit ${l} reached (this ${words} has spent ${s}); raise budgets.${scope}.usd in .okstra/config.yml to continue`,
        };
      }
    }
  }
  return { allowed: true };
}

/** Dollars with cents, and more digits when the amount is small enough that cents would hide it. */
export function usd(amount: number): string {
  if (amount !== 0 && Math.abs(amount) < 0.01) return `$${amount.toPrecision(2)}`;
  return `$${amount.toFixed(amount >= 100 ? 2 : 4).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}
