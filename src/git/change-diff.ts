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
      process.kill(child.pid, 'SIGKILL');
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
