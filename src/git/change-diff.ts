import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangeDiffBrief } from '../core/prompts/types.js';
import { GitError, startGit, type Git } from './git.js';

/**
 * The change a reviewer is shown, as okstra's own git prints it. Every byte
 * of every changed file is text here: `--text` (a `-diff` or `binary`
 * attribute cannot turn it into "Binary files differ"), `--no-textconv` and
 * `--no-ext-diff` (no filter or driver rewrites or runs anything), no
 * attributes file, run in okstra's repository (never a stage worktree).
 */
export const REVIEW_DIFF_ARGS = [
  '-c',
  'core.attributesFile=/dev/null',
  '-c',
  'diff.noprefix=false',
  '--no-pager',
  'diff',
  '--text',
  '--no-textconv',
  '--no-ext-diff',
  '--no-color',
  '--no-relative',
] as const;

/** The diff of `base..head`, or `too-big` once it passes `limitBytes` (git is stopped there, nothing more is read). */
export async function reviewDiff(git: Git, base: string, head: string, limitBytes: number): Promise<ChangeDiffBrief> {
  const args = [...REVIEW_DIFF_ARGS, `${base}..${head}`];
  const child = await startGit(git, args);
  const chunks: Buffer[] = [];
  const stderr: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (tooBig) return;
    size += chunk.length;
    if (size > limitBytes) {
      tooBig = true;
      chunks.length = 0;
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // Already gone: it had printed everything.
      }
    } else chunks.push(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin.end();
  child.stdout.resume();
  child.stderr.resume();
  const [status] = await Promise.all([child.exited, child.outputClosed]);
  if (tooBig) return { kind: 'too-big', limitBytes };
  if (status.code !== 0)
    throw new GitError(args, {
      stdout: '',
      stderr: Buffer.concat(stderr).toString('utf8'),
      exitCode: status.code ?? -1,
    });
  return { kind: 'inline', text: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Which of `paths` a plain `git diff` at `head` prints as "Binary files
 * differ": those whose `diff` attribute the head tree's `.gitattributes`
 * unset (`-diff`, `binary`). Asked of a throwaway index read from `head`, so
 * the tree's attributes are read as data and nothing of it is checked out.
 */
export async function hiddenFromPlainDiff(git: Git, head: string, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'okstra-attr-'));
  try {
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    await git.ok(['read-tree', head], { env });
    const out = await git.ok(['check-attr', '--cached', '--stdin', '-z', 'diff'], {
      env,
      input: paths.map((p) => `${p}\0`).join(''),
    });
    // `-z`: path NUL attribute NUL value NUL, one triple per path.
    const fields = out.split('\0');
    const hidden: string[] = [];
    for (let i = 0; i + 2 < fields.length; i += 3) if (fields[i + 2] === 'unset') hidden.push(fields[i] as string);
    return hidden;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
