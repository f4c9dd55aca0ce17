#!/usr/bin/env node
/**
 * A stand-in agent that looks for credentials the way a curious agent would:
 * it lists the git config its worktree sees (`git config --list
 * --show-origin`, includes followed), appends that to the file named by
 * `--out`, prints it as part of its answer, then behaves as the scripted
 * agent given after `--` (test/fixtures/agents/scripted-agent.mjs).
 * Usage: config-snoop-agent.mjs --out <file> -- <node> <scripted-agent.mjs> --script <file>
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const out = args[args.indexOf('--out') + 1];
const rest = args.slice(args.indexOf('--') + 1);
if (!out || rest.length === 0) {
  process.stderr.write('usage: config-snoop-agent.mjs --out <file> -- <command…>\n');
  process.exit(2);
}
const listed = spawnSync('git', ['config', '--list', '--show-origin'], { encoding: 'utf8' });
const seen = `${listed.stdout}${listed.stderr}`;
appendFileSync(out, `=== ${process.cwd()} (exit ${listed.status})\n${seen}`);
process.stdout.write(`git config as this agent sees it:\n${seen}\n`);
const prompt = readFileSync(0);
const agent = spawnSync(rest[0], rest.slice(1), { input: prompt, stdio: ['pipe', 'inherit', 'inherit'] });
process.exit(agent.status ?? 1);
