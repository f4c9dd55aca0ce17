#!/usr/bin/env node
// STAND-IN AGENT for `okstra demo` — not an AI. It speaks okstra's Command
// provider contract (docs/providers.md) and plays an executor from a script:
// for stage N it copies the prepared files in solutions/stage-N/ into the
// worktree, runs the stage's validation for real, and ends with the
// `### Stage Carry Evidence` block okstra requires. On its first attempt at
// stage 2 it ships a version with a defect the reviewers will find; when the
// prompt carries that finding back (a fix run), it ships the corrected one.
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const stage = Number(process.env.OKSTRA_STAGE);
const worktree = process.env.OKSTRA_WORKTREE ?? process.cwd();
const prompt = readFileSync(0, 'utf8');

if (process.env.OKSTRA_ROLE !== 'executor') {
  console.error(`scripted-executor only plays the executor (got role ${process.env.OKSTRA_ROLE})`);
  process.exit(64);
}

const fixRun = prompt.includes('accepts temperatures below absolute zero');
const variant = stage === 2 && !fixRun ? 'stage-2-first-attempt' : `stage-${stage}`;
const source = join(here, 'solutions', variant);
const files = listFiles(source).map((f) => relative(source, f));
cpSync(source, worktree, { recursive: true });

const test = spawnSync(process.execPath, ['--test'], { cwd: worktree, encoding: 'utf8' });
const carry = {
  stage,
  summary: fixRun
    ? `Stage ${stage} fixed: conversions below absolute zero now throw RangeError.`
    : `Stage ${stage} implemented from the approved plan.`,
  filesChanged: files,
  validation: [{ cmd: 'node --test', exitCode: test.status, outputTail: tail(test.stdout + test.stderr) }],
  exitContract: { met: test.status === 0, evidence: `node --test exited ${test.status} in the stage worktree` },
};

process.stdout.write(
  `Scripted stand-in executor: wrote ${files.join(', ')}.\n\n### Stage Carry Evidence\n\`\`\`json\n${JSON.stringify(carry, null, 2)}\n\`\`\`\n`,
);

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

function tail(text) {
  return text.trim().split('\n').slice(-5).join('\n');
}
