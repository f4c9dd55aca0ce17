import type { OkstraConfig } from '../core/config/index.js';
import { Lru } from '../core/lru.js';
import { gitBlobId } from '../core/git-object-id.js';
import { isSafeRepoPath } from '../core/commands/index.js';
import { parsePlan, type Plan, type PlanParseResult } from '../core/plan/index.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { listDirectory, readRepoFile } from '../github/contents.js';
import type { PullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';

/**
 * `fromPullRequest`: the plan was read at the pull request's head (the pull
 * request adds or changes it), not on the default branch. `blob`: the git
 * blob id of the text read, what an approval is bound to.
 */
export type PlanResolution =
  { ok: true; plan: Plan; path: string; fromPullRequest: boolean; blob: string } | { ok: false; reason: string };

type Deps = Pick<TriggerDeps, 'client' | 'repo' | 'defaultBranch'>;

/**
 * What a caller of resolvePlan has under way or wants to start beside it: `early`, a plan file's text on the default
 * branch, asked for before the pull request's files said where to read it (used only there); `reading`, called with
 * each plan file's path as its read starts (a launch starts what it reads next).
 */
export interface PlanReadHooks {
  early?: { path: string; text: Promise<string | null> };
  reading?: (path: string, where: { fromPullRequest: boolean }) => void;
}

/** The plan file named after `id`. */
function planPathOf(config: Pick<OkstraConfig, 'plansDir'>, id: string): string {
  return `${config.plansDir.replace(/\/+$/, '')}/${id}.md`;
}

/**
 * Starts reading the plan named after `id` on the default branch, for resolvePlan: one round trip less where the
 * plan's id is known before the pull request is read (continuing a plan). Its failure reaches resolvePlan.
 */
export function readPlanEarly(
  deps: Deps,
  config: Pick<OkstraConfig, 'plansDir'>,
  id: string,
): NonNullable<PlanReadHooks['early']> {
  const path = planPathOf(config, id);
  const text = isSafeRepoPath(path)
    ? readRepoFile(deps.client, deps.repo, path, deps.defaultBranch)
    : Promise.resolve(null);
  text.catch(() => undefined);
  return { path, text };
}

/** A Markdown file directly in the plans folder. */
export function isPlanFile(path: string, plansDir: string): boolean {
  const dir = plansDir.replace(/^\.\/+/, '').replace(/\/+$/, '');
  return path.startsWith(`${dir}/`) && path.endsWith('.md') && !path.slice(dir.length + 1).includes('/');
}

const list = (paths: readonly string[]): string => paths.map((p) => inlineCode(p)).join(', ');

/**
 * Which plan a command means: the `--plan` id; else the plan file the pull
 * request adds or changes; else the only plan in the plans folder on the
 * default branch. When that leaves several, the answer lists them. A plan
 * the pull request touches is read at its head, any other on the default
 * branch. `changed` is the pull request's file list (the caller fetches it
 * alongside the pull request, to save a round trip).
 */
export async function resolvePlan(
  deps: Deps,
  config: OkstraConfig,
  pr: Pick<PullRequestFacts, 'headSha'>,
  changed: ReadonlyArray<{ path: string; status: string }>,
  wanted: string | null,
  hooks: PlanReadHooks = {},
): Promise<PlanResolution> {
  const touched = plansTouched(changed, config);
  const at = (path: string): { ref: string; fromPullRequest: boolean } =>
    touched.includes(path)
      ? { ref: pr.headSha, fromPullRequest: true }
      : { ref: deps.defaultBranch, fromPullRequest: false };
  // The early read is of the default branch: it serves only a plan the pull request does not touch.
  const early = hooks.early;
  const given = (path: string): Promise<string | null> | undefined =>
    early?.path === path && !touched.includes(path) ? early.text : undefined;
  const readPlan = (path: string): Promise<PlanResolution | null> =>
    readPlanFile(deps, path, at(path), { text: given(path), reading: hooks.reading });

  if (wanted !== null) {
    const named = planPathOf(config, wanted);
    const first = [...new Set([...touched, named])];
    for (const path of first) {
      const read = await readPlan(path);
      if (read?.ok && read.plan.id === wanted) return read;
      // The file named after the id is broken: say so rather than "no such plan".
      if (read && !read.ok && path === named) return read;
    }
    // The id can differ from the file name (front matter `id:`): look through the folder.
    const others = (await plansOnDefaultBranch(deps, config)).filter((p) => !first.includes(p));
    for (const path of others) {
      const read = await readPlan(path);
      if (read?.ok && read.plan.id === wanted) return read;
    }
    return {
      ok: false,
      reason: `there is no plan with the id ${inlineCode(wanted)} in ${inlineCode(config.plansDir)} (on \`${deps.defaultBranch}\` or changed by this pull request).`,
    };
  }

  if (touched.length > 1)
    return {
      ok: false,
      reason: `this pull request changes several plans (${list(touched)}); say which one with \`--plan ID\`.`,
    };
  if (touched.length === 1)
    return (
      (await readPlan(touched[0] as string)) ?? {
        ok: false,
        reason: `the plan ${inlineCode(touched[0] as string)} could not be read.`,
      }
    );

  const all = await plansOnDefaultBranch(deps, config);
  if (all.length === 0)
    return {
      ok: false,
      reason: `there are no plans in ${inlineCode(config.plansDir)} on \`${deps.defaultBranch}\`, and this pull request adds none.`,
    };
  if (all.length > 1)
    return {
      ok: false,
      reason: `there are several plans in ${inlineCode(config.plansDir)} (${list(all)}) and this pull request changes none of them; say which one with \`--plan ID\`.`,
    };
  return (
    (await readPlan(all[0] as string)) ?? {
      ok: false,
      reason: `the plan ${inlineCode(all[0] as string)} could not be read.`,
    }
  );
}

/** The plan files a pull request adds or changes (a removed plan is no plan to run or approve). */
export function plansTouched(
  changed: ReadonlyArray<{ path: string; status: string }>,
  config: Pick<OkstraConfig, 'plansDir'>,
): string[] {
  return changed.filter((f) => f.status !== 'removed' && isPlanFile(f.path, config.plansDir)).map((f) => f.path);
}

async function plansOnDefaultBranch(deps: Deps, config: OkstraConfig): Promise<string[]> {
  const entries = await listDirectory(deps.client, deps.repo, config.plansDir.replace(/\/+$/, ''), deps.defaultBranch);
  return entries
    .filter((e) => e.type === 'file' && isPlanFile(e.path, config.plansDir))
    .map((e) => e.path)
    .sort();
}

/** A plan file parsed; null when there is no such file. */
async function readPlanFile(
  deps: Deps,
  path: string,
  where: { ref: string; fromPullRequest: boolean },
  via: { text: Promise<string | null> | undefined; reading: PlanReadHooks['reading'] },
): Promise<PlanResolution | null> {
  if (!isSafeRepoPath(path))
    return {
      ok: false,
      reason: `the plan file name ${inlineCode(path)} has characters okstra does not pass to a workflow (use letters, digits, ".", "_", "-" and "/").`,
    };
  via.reading?.(path, where);
  const text = await (via.text ?? readRepoFile(deps.client, deps.repo, path, where.ref));
  if (text === null) return null;
  const result = parsedPlan(path, text);
  if (!result.plan || result.errors.length > 0) {
    const first = result.errors[0];
    return {
      ok: false,
      reason: `${inlineCode(path)} is not a valid plan (${result.errors.length} error${result.errors.length === 1 ? '' : 's'}${first ? `; first: line ${first.line}: ${escapeInline(first.message)}` : ''}); \`okstra plan validate\` lists them all.`,
    };
  }
  return { ok: true, plan: result.plan, path, fromPullRequest: where.fromPullRequest, blob: gitBlobId(text) };
}

/**
 * Parsing a plan costs milliseconds (measured: 3 ms for a four-stage plan)
 * and every command on a pull request reads the same one, so recent results
 * are kept, keyed by path and full text: a changed plan is a new key. This is
 * a cache of a pure function, not state; losing it changes nothing.
 */
const PARSED = new Lru<string, PlanParseResult>(32);

function parsedPlan(path: string, text: string): PlanParseResult {
  const key = `${path}\0${text}`;
  const hit = PARSED.get(key);
  if (hit) return hit;
  const result = parsePlan(text, { path });
  PARSED.set(key, result);
  return result;
}
