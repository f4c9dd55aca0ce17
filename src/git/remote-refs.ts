import { stageBranchName } from '../core/ids.js';
import { randomBytes } from 'node:crypto';
import { Git, GitError, readBlobs, type GitResult } from './git.js';
import type { EarlyLedgerTip } from './ledger-branch.js';

/**
 * What a runner's checkout lacks and a run needs: `actions/checkout` clones
 * one ref, often shallow and with a detached HEAD, so the default branch (for
 * the config), the plan's base branch and the plan's stage branches are
 * fetched here before the engine starts. The checkout's config holds no
 * credential while okstra runs (credentials.ts): each call that talks to
 * the remote authenticates through `remoteEnv`, its own process environment.
 */
export class RemoteRefs {
  readonly git: Git;
  /** Branches fetched by this run (tip only or whole), so the plan's base, usually the default branch, is not fetched twice. */
  private readonly fetched = new Map<string, string | null>();

  constructor(
    readonly repoDir: string,
    readonly remote: string,
    private remoteEnv: Record<string, string> = {},
  ) {
    this.git = new Git(repoDir);
  }

  /** Authenticates the remote calls from now on (the shell learns the credential only after opening the checkout). */
  useRemoteEnv(env: Record<string, string>): void {
    this.remoteEnv = env;
  }

  private shallow: boolean | null = null;

  /** Where the checkout is: its top folder, HEAD and whether it is shallow, in one git call. */
  static async open(dir: string, remote: string): Promise<{ refs: RemoteRefs; head: string; shallow: boolean } | null> {
    const probe = await new Git(dir)
      .run(['rev-parse', '--show-toplevel', '--is-shallow-repository', '--verify', '--end-of-options', 'HEAD^{commit}'])
      .catch(() => null);
    if (!probe || probe.exitCode !== 0) return null;
    // rev-parse prints options' answers in order and the verified revision last.
    const [top = '', shallow = '', head = ''] = probe.stdout.trim().split('\n');
    if (!/^[0-9a-f]{40,64}$/.test(head)) return null;
    const refs = new RemoteRefs(top, remote);
    refs.shallow = shallow === 'true';
    return { refs, head, shallow: refs.shallow };
  }

  async isShallow(): Promise<boolean> {
    this.shallow ??= (await this.git.ok(['rev-parse', '--is-shallow-repository'])) === 'true';
    return this.shallow;
  }

  /** The remote's default branch as its HEAD names it, or null when the remote does not say. */
  async defaultBranch(): Promise<string | null> {
    const out = await this.git.ok(['ls-remote', '--symref', this.remote, 'HEAD'], { env: this.remoteEnv });
    return /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(out)?.[1] ?? null;
  }

  /**
   * Fetches `branch` into `refs/remotes/<remote>/<branch>` and returns its
   * commit, or null when the remote has no such branch. In a shallow clone
   * only the tip is fetched when that is all the caller reads (`tipOnly`):
   * fetching without a depth there would pull the branch's whole history.
   */
  async fetchBranch(branch: string, opts: { tipOnly?: boolean } = {}): Promise<string | null> {
    const key = `${opts.tipOnly ? 'tip' : 'all'}:${branch}`;
    const known = this.fetched.get(key) ?? this.fetched.get(`all:${branch}`);
    if (known !== undefined) return known;
    // A fetch of the same branch already under way (a prefetch beside the boundary) is joined, not repeated.
    const pending = this.fetching.get(key) ?? this.fetching.get(`all:${branch}`);
    if (pending) return pending;
    const fetch = this.fetchOnce(branch, opts);
    this.fetching.set(key, fetch);
    try {
      const commit = await fetch;
      this.fetched.set(key, commit);
      return commit;
    } finally {
      this.fetching.delete(key);
    }
  }

  private readonly fetching = new Map<string, Promise<string | null>>();

  private async fetchOnce(branch: string, opts: { tipOnly?: boolean }): Promise<string | null> {
    const depth = opts.tipOnly && (await this.isShallow()) ? ['--depth=1'] : [];
    const ref = `refs/remotes/${this.remote}/${branch}`;
    const fetched = await this.git.run(
      ['fetch', '--quiet', '--no-tags', ...depth, this.remote, `+refs/heads/${branch}:${ref}`],
      { env: this.remoteEnv },
    );
    if (fetched.exitCode !== 0) {
      if (/couldn't find remote ref/i.test(fetched.stderr)) return null;
      throw new GitError(['fetch', this.remote, branch], fetched);
    }
    return this.git.resolveCommit(ref);
  }

  /**
   * The commit a ref or full SHA names, fetched from the remote when the
   * checkout lacks it (a pull request's head that only its branch has),
   * into the private ref `refs/okstra/plan-ref`; only its tip in a shallow
   * clone. When the remote will not serve a bare SHA, the pull request's
   * own ref (`refs/pull/<n>/head`) is fetched instead and the SHA looked for
   * there. `ref` must already be validated (isValidPlanRef in the Action's
   * inputs): it is passed to git as a refspec's source. `into` names
   * another private ref; `wholeHistory` fetches it with its history even in
   * a shallow clone, for a commit that will be pushed (a shallow boundary
   * below it makes the push fail with "shallow update not allowed").
   */
  async fetchCommit(
    ref: string,
    pullRequest: number | null,
    opts: { into?: string; wholeHistory?: boolean } = {},
  ): Promise<{ ok: true; commit: string } | { ok: false; detail: string }> {
    const isSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(ref);
    if (isSha) {
      const local = await this.git.resolveCommit(ref);
      if (local) return { ok: true, commit: local };
    }
    const target = opts.into ?? 'refs/okstra/plan-ref';
    const depth = !opts.wholeHistory && (await this.isShallow()) ? ['--depth=1'] : [];
    const fetch = (source: string, d: string[]) =>
      this.git.run(['fetch', '--quiet', '--no-tags', ...d, this.remote, `+${source}:${target}`], {
        env: this.remoteEnv,
      });
    const direct = await fetch(ref, depth);
    if (direct.exitCode === 0) {
      const commit = await this.git.resolveCommit(target);
      if (commit) return { ok: true, commit };
    }
    if (isSha && pullRequest !== null) {
      // Whole history, not just the tip: the SHA may be an earlier head of the pull request.
      const viaPull = await fetch(`refs/pull/${pullRequest}/head`, []);
      if (viaPull.exitCode === 0) {
        const commit = await this.git.resolveCommit(ref);
        if (commit) return { ok: true, commit };
        return { ok: false, detail: `it is not in the history of refs/pull/${pullRequest}/head` };
      }
    }
    const why =
      direct.stderr
        .split('\n')
        .map((l) => l.replace(/^(?:fatal|error): /, '').trim())
        .find(Boolean) ?? `git fetch exited with ${direct.exitCode}`;
    return { ok: false, detail: why };
  }

  /**
   * Makes the remote's stage branches of a plan local branches, which is
   * where the engine looks for a failed stage's branch to re-enter and for
   * the heads that later stages build on. The remote is the record, so its
   * branches replace stale local ones, and local ones the remote no longer
   * has are pruned (a reused workspace on a self-hosted runner may hold
   * some). Their history comes along in full (no depth), because re-entering
   * and merging need the commits between a stage's base and its head.
   */
  async fetchStageBranches(planId: string): Promise<void> {
    const early = this.earlyStageFetch;
    if (early?.planId === planId) {
      this.earlyStageFetch = null;
      return early.done;
    }
    await this.fetchStageBranchesNow(planId);
  }

  /**
   * Starts {@link fetchStageBranches} now, for the next call with the same plan to take (once): a stage job fetches
   * them while the agents' boundary is proven, instead of after it. A failure reaches that call, as if it had
   * fetched itself; until then it is held, not unhandled. With `ledgerBranch` the same fetch brings the ledger
   * branch into a private ref, for the ledger store's first read ({@link takeEarlyLedger}): one fetch, not two.
   */
  prefetchStageBranches(planId: string, opts: { ledgerBranch?: string } = {}): void {
    const ledger = opts.ledgerBranch
      ? { branch: opts.ledgerBranch, ref: `refs/okstra/fetch/${process.pid}-${randomBytes(6).toString('hex')}` }
      : null;
    const fetched = this.fetchStageBranchesNow(planId, ledger);
    const done = fetched.then(() => undefined);
    done.catch(() => undefined);
    this.earlyStageFetch = { planId, done };
    // A failed fetch leaves the ledger store to fetch for itself.
    this.earlyLedger = ledger ? { branch: ledger.branch, read: fetched.catch(() => null) } : null;
  }

  private earlyStageFetch: { planId: string; done: Promise<void> } | null = null;
  private earlyLedger: { branch: string; read: Promise<EarlyLedgerTip | null> } | null = null;

  /** The ledger branch the stage branches' prefetch brought, once; null when none was asked for `branch`. */
  takeEarlyLedger(branch: string): Promise<EarlyLedgerTip | null> | null {
    const early = this.earlyLedger;
    if (early?.branch !== branch) return null;
    this.earlyLedger = null;
    return early.read;
  }

  private async fetchStageBranchesNow(
    planId: string,
    ledger: { branch: string; ref: string } | null = null,
  ): Promise<EarlyLedgerTip | null> {
    const prefix = stageBranchName(planId, 0).replace(/stage-0$/, '');
    const fetch = (refspecs: string[]): Promise<GitResult> =>
      this.git.run(['fetch', '--quiet', '--no-tags', '--prune', this.remote, ...refspecs], { env: this.remoteEnv });
    const stages = `+refs/heads/${prefix}*:refs/heads/${prefix}*`;
    const both = await fetch(ledger ? [stages, `+refs/heads/${ledger.branch}:${ledger.ref}`] : [stages]);
    if (both.exitCode === 0) {
      // git: rev-parse, the ledger's commit just fetched.
      return ledger ? { ref: ledger.ref, tip: await this.git.resolveCommit(ledger.ref), at: Date.now() } : null;
    }
    // A remote without a ledger branch yet fails the whole fetch: the stage branches alone, and no ledger tip.
    if (!ledger || !/couldn't find remote ref/i.test(both.stderr)) throw new GitError(['fetch', this.remote], both);
    const alone = await fetch([stages]);
    if (alone.exitCode !== 0) throw new GitError(['fetch', this.remote], alone);
    return { ref: ledger.ref, tip: null, at: Date.now() };
  }

  /** Files at a commit by path; a path missing there maps to null. */
  async readFiles(commit: string, paths: readonly string[]): Promise<Record<string, string | null>> {
    const blobs = await readBlobs(
      this.git,
      paths.map((p) => `${commit}:${p}`),
    );
    return Object.fromEntries(paths.map((p, i) => [p, blobs[i]?.content ?? null]));
  }

  /** Paths of the files directly inside `dir` at a commit (no sub-folders); empty when the folder does not exist. */
  async listFiles(commit: string, dir: string): Promise<string[]> {
    const clean = dir.replace(/\/+$/, '');
    const out = await this.git.ok(['ls-tree', '-z', commit, '--', `${clean}/`]);
    // Entries are `<mode> <type> <object>\t<path>`; sub-folders are trees and are skipped.
    return out
      .split('\0')
      .filter((entry) => entry.split(' ')[1] === 'blob')
      .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  }
}
