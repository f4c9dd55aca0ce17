import { goalText } from './goal.js';
import { COMMAND_PREFIX, type CommandLine } from './lines.js';
import { argumentProblem, modelOverride, planId, providerList, providerName, shown, stageNumber } from './values.js';

/**
 * The `/okstra` command grammar:
 *
 *   /okstra run    [--plan ID] [run options]
 *   /okstra stage N [--plan ID] [run options]
 *   /okstra retry N [--plan ID] [run options] [--rebase]
 *   /okstra reconcile N [--plan ID] [run options | --reset]
 *   /okstra status [--plan ID]
 *   /okstra cancel [--plan ID]
 *   /okstra plan [text]        (on an issue: draft a plan from it)
 *   /okstra replan [text]      (on a plan pull request: draft it again)
 *   /okstra approve [--plan ID] (on a pull request that adds or changes a plan)
 *   /okstra final [--plan ID]  (every stage done: verify the whole change, then the hand-off pull request)
 *   /okstra help
 *
 * run options: --executor NAME, --verifiers A,B, --model PROVIDER=MODEL (repeatable).
 * Options take their value as the next word or after `=`; `--reset` is a
 * flag and takes none, as is `--rebase`. The words after `plan` and `replan`
 * are prose, not arguments (goal.ts holds their rule).
 */

export const VERBS = [
  'run',
  'stage',
  'retry',
  'reconcile',
  'status',
  'cancel',
  'plan',
  'replan',
  'approve',
  'final',
  'help',
] as const;
export type Verb = (typeof VERBS)[number];

export interface RunOptions {
  plan: string | null;
  executor: string | null;
  verifiers: string[] | null;
  /** provider → model, in the order given. */
  models: Record<string, string>;
}

export type Command =
  | { verb: 'run'; options: RunOptions }
  | { verb: 'stage'; stage: number; options: RunOptions }
  /** A fix run of a failed stage; `rebase` moves its preserved branch onto the stage's current base first. */
  | { verb: 'retry'; stage: number; rebase: boolean; options: RunOptions }
  /** A done stage whose branch moved: re-verify its new head, or (`reset`) put the branch back at the recorded head. */
  | { verb: 'reconcile'; stage: number; reset: boolean; options: RunOptions }
  | { verb: 'status' | 'cancel'; plan: string | null }
  /** Draft a plan (from the issue: `plan`; again, on its plan pull request: `replan`); `goal`: the words after the verb. */
  | { verb: 'plan' | 'replan'; goal: string | null }
  /** Approve the plan this pull request adds or changes (`plan`: which one, when it changes several). */
  | { verb: 'approve'; plan: string | null }
  /** Final verification of the plan whose stages are all done, then (accepted) its hand-off pull request. */
  | { verb: 'final'; plan: string | null }
  | { verb: 'help' };

export type ParsedCommand = CommandLine & ({ ok: true; command: Command } | { ok: false; error: string });

export interface GrammarContext {
  /** Provider names a command may use: built-ins plus the config's (see knownProviders). */
  providers: readonly string[];
}

/** More than this many commands in one comment is refused: it is a typo or an attempt to flood the workflow queue. */
export const MAX_COMMANDS_PER_COMMENT = 10;

type OptionName = 'plan' | 'executor' | 'verifiers' | 'model' | 'reset' | 'rebase';
/** Options that are switches: present or not, never followed by a value. */
type FlagName = 'reset' | 'rebase';
type ValueOptionName = Exclude<OptionName, FlagName>;
const FLAGS: readonly OptionName[] = ['reset', 'rebase'] satisfies FlagName[];
const OPTIONS_BY_VERB: Record<Verb, readonly OptionName[]> = {
  run: ['plan', 'executor', 'verifiers', 'model'],
  stage: ['plan', 'executor', 'verifiers', 'model'],
  retry: ['plan', 'executor', 'verifiers', 'model', 'rebase'],
  reconcile: ['plan', 'executor', 'verifiers', 'model', 'reset'],
  status: ['plan'],
  cancel: ['plan'],
  plan: [],
  replan: [],
  approve: ['plan'],
  final: ['plan'],
  help: [],
};

function isVerb(word: string): word is Verb {
  return (VERBS as readonly string[]).includes(word);
}

/** Parses the lines `extractCommandLines` found, in order; lines past the limit are answered, not run. */
export function parseCommands(lines: readonly CommandLine[], ctx: GrammarContext): ParsedCommand[] {
  return lines.map((l, i) =>
    i < MAX_COMMANDS_PER_COMMENT
      ? { ...l, ...parseCommandLine(l.text, ctx) }
      : {
          ...l,
          ok: false as const,
          error: `only ${MAX_COMMANDS_PER_COMMENT} commands are run per comment; this one was not`,
        },
  );
}

/** One `/okstra …` line → a command, or the reason it is not one. */
export function parseCommandLine(
  text: string,
  ctx: GrammarContext,
): { ok: true; command: Command } | { ok: false; error: string } {
  const words = text.trim().split(/\s+/);
  if (words[0] !== COMMAND_PREFIX) return { ok: false, error: `a command starts with \`${COMMAND_PREFIX}\`` };
  const prose = /^\/okstra\s+(plan|replan)(?:\s+|$)/i.exec(text.trim());
  if (prose) {
    const goal = goalText(text.trim().slice(prose[0].length));
    if (!goal.ok) return goal;
    return { ok: true, command: { verb: (prose[1] as string).toLowerCase() as 'plan' | 'replan', goal: goal.value } };
  }
  const args = words.slice(1);
  for (const a of args) {
    const problem = argumentProblem(a);
    if (problem) return { ok: false, error: problem };
  }
  const [verbWord, ...rest] = args;
  if (verbWord === undefined) return { ok: false, error: 'no command given' };
  const verb = verbWord.toLowerCase();
  if (!isVerb(verb)) return { ok: false, error: `unknown command ${shown(verbWord)}` };
  const split = splitArguments(verb, rest);
  if (!split.ok) return split;
  const { positional, given, flags } = split;

  const wantsStage = verb === 'stage' || verb === 'retry' || verb === 'reconcile';
  if (wantsStage && positional.length === 0)
    return { ok: false, error: `\`${verb}\` needs a stage number, e.g. \`${COMMAND_PREFIX} ${verb} 2\`` };
  const extra = positional.slice(wantsStage ? 1 : 0);
  if (extra.length > 0) return { ok: false, error: `unexpected ${extra.map(shown).join(' ')} after \`${verb}\`` };

  const options: RunOptions = { plan: null, executor: null, verifiers: null, models: {} };
  for (const [name, value] of given) {
    const problem = applyOption(options, name, value, ctx);
    if (problem) return { ok: false, error: problem };
  }
  const reset = flags.has('reset');
  if (reset) {
    // A reset runs no agent: a roster choice beside it is a misunderstanding, answered rather than ignored.
    const runOnly = given.map(([n]) => n).filter((n) => n !== 'plan');
    if (runOnly.length > 0)
      return {
        ok: false,
        error: `\`--reset\` puts the branch back at the recorded head without a run, so ${[...new Set(runOnly)].map((n) => `\`--${n}\``).join(', ')} cannot go with it; leave out \`--reset\` to re-verify the branch as it is`,
      };
  }
  return commandOf(verb, positional, options, flags);
}

/** The words after the verb: positional words, options with their values, flags; or what is wrong with them. */
function splitArguments(
  verb: Verb,
  rest: readonly string[],
):
  | { ok: true; positional: string[]; given: Array<[ValueOptionName, string]>; flags: Set<FlagName> }
  | { ok: false; error: string } {
  const positional: string[] = [];
  const given: Array<[ValueOptionName, string]> = [];
  const flags = new Set<FlagName>();
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = (eq === -1 ? word.slice(2) : word.slice(2, eq)).toLowerCase();
    if (!(OPTIONS_BY_VERB[verb] as readonly string[]).includes(name)) {
      const allowed = OPTIONS_BY_VERB[verb];
      return {
        ok: false,
        error: `${shown(word.slice(0, eq === -1 ? undefined : eq))} is not an option of \`${verb}\`${allowed.length > 0 ? ` (options: ${allowed.map((o) => `--${o}`).join(', ')})` : ' (it takes none)'}`,
      };
    }
    if (FLAGS.includes(name as OptionName)) {
      // A flag never swallows the next word: `reconcile --reset 2` is stage 2.
      if (eq !== -1) return { ok: false, error: `\`--${name}\` takes no value (write \`--${name}\` alone)` };
      if (flags.has(name as FlagName)) return { ok: false, error: `\`--${name}\` is given twice` };
      flags.add(name as FlagName);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = word.slice(eq + 1);
    else {
      value = rest[i + 1];
      if (value !== undefined && value.startsWith('--')) value = undefined;
      else i++;
    }
    if (value === undefined || value === '') return { ok: false, error: `\`--${name}\` needs a value` };
    given.push([name as ValueOptionName, value]);
  }
  return { ok: true, positional, given, flags };
}

/** The command a checked verb, its stage number and its options make. */
function commandOf(
  verb: Verb,
  positional: readonly string[],
  options: RunOptions,
  flags: ReadonlySet<FlagName>,
): { ok: true; command: Command } | { ok: false; error: string } {
  switch (verb) {
    case 'help':
      return { ok: true, command: { verb } };
    case 'status':
    case 'cancel':
    case 'approve':
    case 'final':
      return { ok: true, command: { verb, plan: options.plan } };
    case 'plan':
    case 'replan':
      throw new Error(`unreachable: ${verb} is parsed as prose above`);
    case 'run':
      return { ok: true, command: { verb, options } };
    case 'stage':
    case 'retry':
    case 'reconcile': {
      const stage = stageNumber(positional[0] as string);
      if (!stage.ok) return stage;
      return {
        ok: true,
        command:
          verb === 'reconcile'
            ? { verb, stage: stage.value, reset: flags.has('reset'), options }
            : verb === 'retry'
              ? { verb, stage: stage.value, rebase: flags.has('rebase'), options }
              : { verb, stage: stage.value, options },
      };
    }
  }
}

function applyOption(options: RunOptions, name: ValueOptionName, value: string, ctx: GrammarContext): string | null {
  const twice = `\`--${name}\` is given twice`;
  switch (name) {
    case 'plan': {
      if (options.plan !== null) return twice;
      const id = planId(value);
      if (!id.ok) return id.error;
      options.plan = id.value;
      return null;
    }
    case 'executor': {
      if (options.executor !== null) return twice;
      const p = providerName(value, ctx.providers);
      if (!p.ok) return p.error;
      options.executor = p.value;
      return null;
    }
    case 'verifiers': {
      if (options.verifiers !== null) return twice;
      const list = providerList(value, ctx.providers);
      if (!list.ok) return list.error;
      options.verifiers = list.value;
      return null;
    }
    case 'model': {
      const m = modelOverride(value, ctx.providers);
      if (!m.ok) return m.error;
      const [provider, model] = m.value;
      if (Object.hasOwn(options.models, provider)) return `\`--model\` names ${provider} twice`;
      options.models[provider] = model;
      return null;
    }
  }
}
