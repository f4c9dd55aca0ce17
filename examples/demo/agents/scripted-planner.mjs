#!/usr/bin/env node
// STAND-IN AGENT for `okstra demo` — not an AI. It speaks okstra's Command
// provider contract (docs/providers.md) and plays the planner: it answers the
// goal with the plan in plans/tempconv.md, but makes the mistakes a first
// draft makes, so the demo shows okstra catching them. Its first draft has a
// field-key typo (`depend on`), which okstra's parser refuses; its repair
// fixes what the parser said, but stage 3 still lacks an exit contract, which
// the thorough plan reviewer blocks; its revision adds it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const prompt = readFileSync(0, 'utf8');
const round = /^\*\*Round:\*\* (\w+)/m.exec(prompt)?.[1] ?? 'draft';
const plan = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'plans', 'tempconv.md'), 'utf8');

let draft = plan;
if (round !== 'revise') draft = draft.replace(/^- exit contract: `node bin\/tempconv\.js[^\n]*\n/m, '');
if (round === 'draft') draft = draft.replace('- depends-on: 1\n', '- depend on: 1\n');

const said = {
  draft: 'Scripted stand-in planner: a first draft from the goal.',
  repair: 'Scripted stand-in planner: fixed what the parser reported.',
  revise: 'Scripted stand-in planner: added what the reviewers asked for.',
}[round];
process.stdout.write(`${said}\n\n<<<OKSTRA-PLAN\n${draft}OKSTRA-PLAN>>>\n`);
