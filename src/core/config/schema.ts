import { z } from 'zod';
import { BUILTIN_PROVIDERS, type BuiltinProvider } from './builtin-providers.js';
import { checkPlatforms, minutes, ProviderConfigSchema, turns } from './provider-schema.js';

/**
 * `.okstra/config.yml`: the rules a repository sets for its runs. It is read
 * from the default branch, never from a pull request's head, so a change under
 * review cannot rewrite the rules that judge it.
 */
export { BUILTIN_PROVIDERS, type BuiltinProvider };
export type { ProviderConfig } from './provider-schema.js';

/** A provider reference: a built-in, a name under `providers:`, or `command:<cmdline>`. */
export const PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,30}$/;

const providerRef = z
  .string()
  .min(1)
  .refine((s) => s.startsWith('command:') || PROVIDER_NAME_PATTERN.test(s), {
    message:
      'must be claude, codex, gemini, copilot, a name defined under `providers:`, or `command:<program and arguments>`',
  });

/**
 * Size caps that turn an input no run could handle (a committed node_modules, a verifier listing every line, a
 * carry that would be forwarded whole into every dependent prompt) into a verdict with its reason. The defaults
 * let a real monorepo change through.
 */
export const DEFAULT_SIZE_LIMITS = {
  carryBytes: 64 * 1024,
  stageFiles: 20_000,
  stageBytes: 200 * 1024 * 1024,
  findingsPerVerifier: 200,
} as const;

const positiveInt = z.number().int().positive();

/** Turn limits where a CLI has one (Claude Code, Gemini CLI; Codex has none): generous, so okstra's timeout is what normally ends a runaway session. */
export const DEFAULT_TURN_LIMITS = { executor: 300, verifier: 150 } as const;

const QaCommandSchema = z.union([
  z.string().min(1),
  z.strictObject({ cmd: z.string().min(1), label: z.string().min(1).optional(), timeoutMinutes: minutes.optional() }),
]);

/** How runs are launched on GitHub: by the bot, or by the no-server mode's event and stage jobs; the CLI ignores them. */
const BotConfigSchema = z
  .strictObject({
    workflow: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/, 'a workflow file name in .github/workflows, e.g. okstra.yml')
      .default('okstra.yml')
      .describe('the workflow the bot dispatches, on the default branch'),
    permission: z
      .enum(['triage', 'write', 'maintain', 'admin'])
      .default('write')
      .describe('the least repository role a person needs to trigger runs'),
    /** Off by default: the workflow runs agents with the repository's secrets, which untrusted fork code must not reach. */
    allowForks: z.boolean().default(false).describe('whether pull requests from forks may trigger runs'),
    continueInJob: z
      .boolean()
      .default(true)
      .describe(
        'no-server mode: a stage job that ends done runs the next ready stage itself, while its time limit allows, instead of dispatching it (docs/action.md, "Stages in one job")',
      ),
  })
  .describe('the bot: which workflow it dispatches, who may trigger it, and how a plan goes on');

/** Tokens and/or US dollars; a limit that is absent does not apply. */
const BudgetLimitSchema = z
  .strictObject({
    tokens: z.number().int().positive().optional().describe('input + output tokens'),
    usd: z.number().positive().optional().describe('cost in US dollars, from the price table'),
  })
  .refine((limit) => limit.tokens !== undefined || limit.usd !== undefined, {
    message: 'a budget limit sets tokens, usd or both, e.g. {usd: 5}; an empty one would limit nothing',
  })
  .describe('a spend limit');

const BudgetsSchema = z
  .strictObject({
    worker: BudgetLimitSchema.optional().describe('per worker session (one dispatch)'),
    stage: BudgetLimitSchema.optional().describe('per stage run, over every worker of the run'),
    plan: BudgetLimitSchema.optional().describe('per plan, over every run recorded in the ledger'),
    day: BudgetLimitSchema.optional().describe(
      'per plan per UTC day, over the runs of the plan that started that day (a cap on daily spend)',
    ),
  })
  .default({})
  .describe('spend limits the model gateway enforces');

/** US dollars per million tokens. */
const ModelPriceSchema = z.strictObject({
  input: z.number().min(0),
  output: z.number().min(0),
  cachedInput: z.number().min(0).optional().describe('cache reads; default: the input price'),
  cacheWrite: z.number().min(0).optional().describe('cache writes (Anthropic); default: the input price'),
});

export const ISOLATION_MODES = ['auto', 'none'] as const;

const ApprovalConfigSchema = z
  .strictObject({
    required: z
      .boolean()
      .default(true)
      .describe('whether a stage run refuses a plan whose exact content (git blob) nobody approved'),
    permission: z
      .enum(['write', 'maintain', 'admin'])
      .optional()
      .describe(
        'the least repository role whose review or `/okstra approve` approves a plan; default: `bot.permission` (at least write)',
      ),
  })
  .describe('who approves a plan, and whether runs need the approval');

const HandoffConfigSchema = z
  .strictObject({
    auto: z
      .boolean()
      .default(true)
      .describe('on GitHub: run final verification and hand off as soon as the last stage of a plan is done'),
    mode: z
      .enum(['single', 'stacked'])
      .default('single')
      .describe(
        'single: one pull request from okstra/<plan-id>/final into the base; stacked: one per stage onto its dependency’s branch',
      ),
    draft: z.boolean().default(false).describe('open the hand-off pull request(s) as drafts'),
  })
  .default({ auto: true, mode: 'single', draft: false })
  .describe('what happens when every stage is done: final verification, then the hand-off pull request');

const PlanningConfigSchema = z
  .strictObject({
    repairRounds: z
      .number()
      .int()
      .min(0)
      .max(5)
      .default(2)
      .describe(
        'how often the planner gets the parser’s diagnostics back before a draft that does not validate ends the run',
      ),
    revisionRounds: z
      .number()
      .int()
      .min(0)
      .max(3)
      .default(1)
      .describe('how often blocking review findings go back to the planner'),
    reviewers: z
      .array(providerRef)
      .optional()
      .describe('the providers that review a draft; default: the verifiers other than the planner (or all of them)'),
  })
  .default({ repairRounds: 2, revisionRounds: 1 })
  .describe('the planning phase: `okstra plan draft`, the Action’s `mode: plan`, `/okstra plan`');

/** Who takes a role over when its provider cannot work (quota, refused key, an outage, no CLI): tried in order. */
const FallbackSchema = z
  .strictObject({
    executor: z
      .array(providerRef)
      .default([])
      .describe('providers that execute, in order, when the executor’s provider is unavailable'),
    verifiers: z
      .array(providerRef)
      .default([])
      .describe(
        'providers that verify, in order, in the place of any verifier whose provider is unavailable; never the provider that executed',
      ),
  })
  .default({ executor: [], verifiers: [] })
  .describe('fallback providers per role, for a provider that cannot work');

export const ConfigSchema = z
  .strictObject({
    executor: providerRef.default('claude').describe('the provider that writes the code'),
    verifiers: z
      .array(providerRef)
      .min(1)
      .optional()
      .describe('the providers that verify; default: every configured provider'),
    /** Session isolation already keeps the executor's own verifier honest; some teams still want it out. */
    excludeExecutorFromVerifiers: z.boolean().default(false),
    providers: z
      .record(
        z.string().regex(PROVIDER_NAME_PATTERN, 'provider names are lower-case letters, digits and "-"'),
        ProviderConfigSchema,
      )
      .superRefine(checkPlatforms)
      .default({}),
    qaCommands: z
      .array(QaCommandSchema)
      .default([])
      .describe('commands run after the plan’s validation commands; never guessed'),
    protected: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'globs of files whose change is okstra’s own blocking finding unless the stage’s files name them; `!glob` takes a default away (docs/plan-format.md, "Protected evidence")',
      ),
    convergence: z.strictObject({ rounds: z.number().int().min(0).max(5).default(2) }).default({ rounds: 2 }),
    critic: providerRef.nullable().default(null),
    fallback: FallbackSchema,
    timeouts: z
      .strictObject({
        executorMinutes: minutes.default(60),
        verifierMinutes: minutes.default(20),
        qaMinutes: minutes.default(15),
      })
      .default({ executorMinutes: 60, verifierMinutes: 20, qaMinutes: 15 }),
    concurrency: z
      .strictObject({ verifiers: z.number().int().min(0).default(0) })
      .default({ verifiers: 0 })
      .describe('0 = all verifiers at once'),
    ledgerBranch: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/)
      .default('okstra-ledger'),
    plansDir: z.string().min(1).default('.okstra/plans'),
    leaseMinutes: minutes
      .default(180)
      .describe('how long a stage claim holds before `okstra ledger release` may free it'),
    isolation: z
      .enum(ISOLATION_MODES)
      .default('auto')
      .describe(
        'auto: agents and QA commands run as separate unprivileged users; none: with okstra’s own privileges (said in every report)',
      ),
    budgets: BudgetsSchema,
    limits: z
      .strictObject({
        turns: z
          .strictObject({
            executor: turns.default(DEFAULT_TURN_LIMITS.executor).describe('the executor session'),
            verifier: turns
              .default(DEFAULT_TURN_LIMITS.verifier)
              .describe('every read-only session: verifiers, re-verifies, the critic'),
          })
          .default({ ...DEFAULT_TURN_LIMITS })
          .describe('turn limits of the agent CLIs that have one (Claude Code, Gemini CLI; Codex has none)'),
        carryBytes: positiveInt
          .default(DEFAULT_SIZE_LIMITS.carryBytes)
          .describe('largest Stage Carry Evidence, in bytes; a larger one ends the stage contract-violated'),
        stageFiles: positiveInt
          .default(DEFAULT_SIZE_LIMITS.stageFiles)
          .describe('most files a stage may change; more fails the stage before its branch is pushed'),
        stageBytes: positiveInt
          .default(DEFAULT_SIZE_LIMITS.stageBytes)
          .describe('most bytes of added or changed files a stage may hold; more fails it before its branch is pushed'),
        findingsPerVerifier: positiveInt
          .default(DEFAULT_SIZE_LIMITS.findingsPerVerifier)
          .describe('findings kept per verifier, most severe first; the rest are counted in the report, not kept'),
      })
      .default({ turns: { ...DEFAULT_TURN_LIMITS }, ...DEFAULT_SIZE_LIMITS })
      .describe('limits of each agent session'),
    pricing: z
      .record(z.string().min(1), ModelPriceSchema)
      .default({})
      .describe('per-model prices in USD per million tokens, over okstra’s built-in table'),
    bot: BotConfigSchema.default({
      workflow: 'okstra.yml',
      permission: 'write',
      allowForks: false,
      continueInJob: true,
    }),
    planner: providerRef.nullable().default(null).describe('the provider that drafts plans; default: the executor'),
    planning: PlanningConfigSchema,
    approval: ApprovalConfigSchema.default({ required: true }),
    handoff: HandoffConfigSchema,
  })
  .describe('okstra repository configuration (.okstra/config.yml)');

export type OkstraConfig = z.output<typeof ConfigSchema>;
export type QaCommandConfig = z.output<typeof QaCommandSchema>;
export type BotConfig = z.output<typeof BotConfigSchema>;
export type ApprovalConfig = z.output<typeof ApprovalConfigSchema>;
export type PlanningConfig = z.output<typeof PlanningConfigSchema>;
export type HandoffConfig = z.output<typeof HandoffConfigSchema>;
export type FallbackConfig = z.output<typeof FallbackSchema>;
export type BudgetsConfig = z.output<typeof BudgetsSchema>;
export type BudgetLimit = z.output<typeof BudgetLimitSchema>;
export type ModelPrice = z.output<typeof ModelPriceSchema>;
export type IsolationMode = (typeof ISOLATION_MODES)[number];

export type TurnLimits = { executor: number; verifier: number };

/** The turn limits of one provider's sessions: `providers.<ref>.maxTurns` over `limits.turns`. */
export function turnLimitsFor(config: Pick<OkstraConfig, 'limits' | 'providers'>, ref: string): TurnLimits {
  const own = config.providers[ref]?.maxTurns;
  const roles = config.limits.turns;
  if (typeof own === 'number') return { executor: own, verifier: own };
  return { executor: own?.executor ?? roles.executor, verifier: own?.verifier ?? roles.verifier };
}

export const DEFAULT_CONFIG_PATH = '.okstra/config.yml';
