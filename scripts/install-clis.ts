#!/usr/bin/env tsx
// Installs the pinned agent CLIs (src/providers/cli-pins.ts) into okstra's CLI
// cache — `.cache/agent-clis/<name>@<version>/` in this checkout, or
// $OKSTRA_AGENT_CLIS_DIR — outside the project's dependency tree. Runs as
// `npm test`'s pretest, so the contract suite (test/contract) has the real
// binaries; a CLI already present is skipped in milliseconds.
//
// A failed download does not fail a local `npm test`: the contract tests of
// that CLI are then skipped, each with the reason. In CI (CI set) or with
// OKSTRA_REQUIRE_AGENT_CLIS=1 it does fail, so a green CI run has really run
// every CLI.
import { performance } from 'node:perf_hooks';
import { agentClisDir } from '../src/providers/cli-locate.js';
import { describeInstall, installAgentClis } from '../src/providers/cli-install.js';

const started = performance.now();
const dir = agentClisDir(process.env);
const outcomes = await installAgentClis({ cacheDir: dir });
for (const outcome of outcomes) console.log(`install-clis: ${describeInstall(outcome)}`);
const failed = outcomes.filter((o) => o.status === 'failed');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length === 0) {
  console.log(`install-clis: agent CLIs ready in ${dir} (${seconds} s)`);
} else {
  const strict = Boolean(process.env.CI) || process.env.OKSTRA_REQUIRE_AGENT_CLIS === '1';
  console.error(
    `install-clis: ${failed.length} agent CLI(s) could not be installed; ${strict ? 'failing (CI or OKSTRA_REQUIRE_AGENT_CLIS=1)' : 'their contract tests will be skipped with this reason'}`,
  );
  if (strict) process.exitCode = 1;
}
