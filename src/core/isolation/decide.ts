import type { IsolationMode } from '../config/schema.js';

/**
 * Whether agents and QA commands run as separate unprivileged users. A
 * cleaned environment is not a boundary: a process of okstra's own user can
 * read okstra's `/proc/<pid>/environ`, its files and, on a GitHub-hosted
 * runner, become root through the runner user's passwordless sudo. Only
 * another OS user without sudo is. Creating such users takes root, so:
 *
 * - as root (containers, this kind of machine, the Action after it
 *   re-executed itself through sudo): isolate;
 * - `isolation: none`: run agents with okstra's privileges, and every report
 *   says so;
 * - the local CLI as an ordinary user: run them as that user, said once —
 *   a person's own machine, their own choice of what they run;
 * - the Action with neither root nor sudo (a self-hosted runner): refuse,
 *   because the run would hand the job's secrets to the agents.
 */

export interface IsolationFacts {
  configured: IsolationMode;
  shell: 'action' | 'cli';
  euid: number;
  /** The user okstra is acting for when it was started through sudo (SUDO_UID / SUDO_GID). */
  sudoUser: { uid: number; gid: number } | null;
  userName: string;
}

export type IsolationDecision =
  | { kind: 'os-user' }
  | { kind: 'none'; runAs: { uid: number; gid: number } | null; statement: string; notice: string | null }
  | { kind: 'refuse'; reason: string };

export function decideIsolation(f: IsolationFacts): IsolationDecision {
  if (f.configured === 'none') {
    // Started through sudo: the privileges okstra was given are the invoking user's, never root's.
    const runAs = f.euid === 0 && f.sudoUser ? f.sudoUser : null;
    const who = runAs
      ? `the runner's user (uid ${runAs.uid})`
      : f.euid === 0
        ? 'root'
        : `okstra's own user (${f.userName})`;
    return {
      kind: 'none',
      runAs,
      statement: `isolation: none — agents and QA commands ran as ${who}, with okstra's privileges: they could read the run's secrets and write anything that user can`,
      notice: `okstra: isolation is off (isolation: none in .okstra/config.yml): agents run as ${who} and can read this run's secrets`,
    };
  }
  if (f.euid === 0) return { kind: 'os-user' };
  if (f.shell === 'cli') {
    return {
      kind: 'none',
      runAs: null,
      statement: `agents and QA commands ran as ${f.userName}, the user who started okstra (okstra isolates them as separate users only when it runs as root)`,
      notice: `okstra: agents run as you (${f.userName}); run okstra as root to have them run as separate unprivileged users`,
    };
  }
  return {
    kind: 'refuse',
    reason:
      "okstra runs agents and QA commands as separate unprivileged users, which needs root or passwordless sudo, and this runner has neither. Give the runner user passwordless sudo (GitHub-hosted runners have it), run the job in a container as root, or set `isolation: none` in .okstra/config.yml to run agents with okstra's own privileges (they can then read the job's secrets; every report will say so)",
  };
}
