#!/usr/bin/env tsx
// `npm run test:durations`: records how long each slow test file took in the last `npm test` (its JSON report,
// ALL_REPORT), into test/slow-durations.json, which test/sequencer.ts starts the slow tier by, longest first, on a
// clone where vitest has no durations of its own (CI). Run it when slow files were added or changed much; a stale
// figure only changes the order files start in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOW_DURATIONS } from '../test/sequencer.js';
import { ALL_REPORT, testTiers } from '../test/tiers.js';

interface JsonReport {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

/** File → seconds (one decimal) for the slow files the report ran, keys sorted so a rewrite diffs line by line. */
export function slowDurations(root: string, report: JsonReport, slow: readonly string[]): Record<string, number> {
  const found = new Map<string, number>();
  for (const r of report.testResults) {
    const file = relative(root, r.name).split(sep).join('/');
    if (slow.includes(file)) found.set(file, Math.round((r.endTime - r.startTime) / 100) / 10);
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const path = resolve(root, process.argv[2] ?? ALL_REPORT);
  if (!existsSync(path)) {
    process.stderr.write(`test:durations: ${relative(root, path)} is missing; run npm test first (it writes it)\n`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  if (!Array.isArray(report.testResults)) {
    process.stderr.write(`test:durations: ${relative(root, path)} is not a vitest JSON report (no testResults)\n`);
    process.exit(1);
  }
  const durations = slowDurations(root, report, testTiers(root).slow);
  writeFileSync(join(root, SLOW_DURATIONS), `${JSON.stringify(durations, null, 2)}\n`);
  process.stdout.write(`test:durations: ${Object.keys(durations).length} slow files into ${SLOW_DURATIONS}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
