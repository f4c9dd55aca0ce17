#!/usr/bin/env node
// STAND-IN AGENT for `okstra demo` — not an AI. It speaks okstra's Command
// provider contract (docs/providers.md) and plays a read-only reviewer that
// really checks the code at the head under review: with `--thorough` it
// imports src/convert.js from the worktree and calls the Kelvin conversions
// below absolute zero; without it, it only checks that the stage's files
// exist. As a re-verifier it re-runs the one check behind the disputed finding.
// As a final verifier it checks every stage's files and the Kelvin guard at the
// final head. As a plan reviewer it reads the draft in its prompt: with `--thorough` it
// raises a blocking finding for every stage without an exit contract a
// verifier could check; without it, it approves with an advisory note.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const role = process.env.OKSTRA_ROLE;
// A final verifier judges the whole change: every stage's files, and the Kelvin guard, at the final head.
const final = role === 'final-verifier';
const stage = final ? 3 : Number(process.env.OKSTRA_STAGE);
const worktree = process.env.OKSTRA_WORKTREE ?? process.cwd();
const thorough = process.argv.includes('--thorough');
const prompt = readFileSync(0, 'utf8');
const convert = 'src/convert.js';

if (role === 'plan-reviewer') {
  reviewPlan();
  process.exit(0);
}

const kelvinFinding = await checkKelvinGuard();

if (role === 'reverify') {
  const id = /Disputed finding[\s\S]*?\b(F\d+)\b/.exec(prompt)?.[1] ?? 'F1';
  const result = kelvinFinding
    ? {
        findingId: id,
        position: 'confirm',
        evidence: `${convert}:${kelvinFinding.line} converts -300 °C without a RangeError`,
        evidenceRead: [convert],
      }
    : {
        findingId: id,
        position: 'refute',
        evidence: `${convert} throws RangeError below absolute zero`,
        evidenceRead: [convert],
      };
  finish('Reverify Result', result);
} else {
  const findings = [];
  const evidenceRead = [];
  for (const file of final ? [...new Set([1, 2, 3].flatMap(stageFiles))] : stageFiles(stage)) {
    if (existsSync(join(worktree, file))) evidenceRead.push(file);
    else
      findings.push({
        severity: 'blocking',
        title: `${file} is missing`,
        detail: 'The plan names this file for the stage.',
        file: null,
        line: null,
      });
  }
  if (thorough && kelvinFinding) findings.push(kelvinFinding);
  const verdict = findings.some((f) => f.severity === 'blocking') ? 'FAIL' : 'PASS';
  finish('Verifier Result', {
    verdict,
    summary: `Scripted stand-in reviewer (${thorough ? 'thorough' : 'light'}) checked ${final ? 'the whole change' : `stage ${stage}`}.`,
    findings,
    evidenceRead,
  });
}

async function checkKelvinGuard() {
  if (stage < 2 || !existsSync(join(worktree, convert))) return null;
  const mod = await import(pathToFileURL(join(worktree, convert)).href);
  if (typeof mod.celsiusToKelvin !== 'function') return null;
  try {
    mod.celsiusToKelvin(-300);
  } catch (error) {
    if (error instanceof RangeError) return null;
  }
  const line =
    readFileSync(join(worktree, convert), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('function celsiusToKelvin')) + 1;
  return {
    severity: 'blocking',
    title: 'celsiusToKelvin accepts temperatures below absolute zero',
    detail:
      'celsiusToKelvin(-300) returns -26.85 instead of throwing RangeError, breaking the exit contract of stage 2.',
    file: convert,
    line,
  };
}

/** The draft is the prompt's `markdown` block under "The plan under review"; each stage either has an exit contract or not. */
function reviewPlan() {
  const from = prompt.indexOf('## The plan under review');
  const draft = from === -1 ? '' : prompt.slice(from);
  const stages = [...draft.matchAll(/^### Stage (\d+)[^\n]*\n([\s\S]*?)(?=^### Stage |^#{1,2} |^`{3,}\s*$)/gm)];
  const findings = thorough
    ? stages
        .filter(([, , body]) => !/^- exit contract:/m.test(body))
        .map(([, n]) => ({
          severity: 'blocking',
          category: 'uncheckable-exit-contract',
          stage: Number(n),
          title: `Stage ${n} has no exit contract`,
          detail: `Without an exit contract a verifier cannot tell when stage ${n} is done; say what must be true of its output.`,
        }))
    : [
        {
          severity: 'advisory',
          category: 'other',
          stage: null,
          title: 'Stages are small and ordered by dependency',
          detail: 'Scripted stand-in: it only counted the stages.',
        },
      ];
  finish('Plan Review Result', {
    verdict: findings.some((f) => f.severity === 'blocking') ? 'revise' : 'approve',
    summary: `Scripted stand-in plan reviewer (${thorough ? 'thorough' : 'light'}) read ${stages.length} stage(s).`,
    findings,
  });
}

function stageFiles(n) {
  return (
    {
      1: [convert, 'test/convert.test.js'],
      2: [convert, 'test/convert.test.js'],
      3: ['bin/tempconv.js', 'test/cli.test.js'],
    }[n] ?? []
  );
}

function finish(heading, json) {
  process.stdout.write(
    `Scripted stand-in reviewer.\n\n### ${heading}\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n`,
  );
}
