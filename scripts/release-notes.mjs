#!/usr/bin/env node
// Prints the CHANGELOG.md section of one version, for the GitHub release's notes
// (.github/workflows/release.yml): `node scripts/release-notes.mjs v1.2.3 [CHANGELOG.md]`.
// Fails, naming the heading it looked for, when the section is missing or empty, so a
// tag whose changelog was not written stops the release before anything is published.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The body of `## [<version>]` in a Keep a Changelog file: everything up to the next
 * `## ` heading or the link reference definitions at the end, without the surrounding
 * blank lines. `version` may carry the tag's leading `v`.
 */
export function releaseNotes(changelog, version) {
  const bare = version.startsWith('v') ? version.slice(1) : version;
  if (!SEMVER.test(bare)) throw new Error(`"${version}" is not a version like 1.2.3 or v1.2.3`);
  const lines = changelog.split(/\r?\n/);
  const heading = new RegExp(`^## \\[${bare.replace(/[.+]/g, '\\$&')}\\](?:\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start === -1)
    throw new Error(
      `CHANGELOG.md has no section for ${bare}: add a heading "## [${bare}] - YYYY-MM-DD" with what changed (move the Unreleased entries there) before tagging v${bare}`,
    );
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^## /.test(line) || /^\[[^\]]+\]:\s/.test(line));
  const body = (end === -1 ? rest : rest.slice(0, end)).join('\n').trim();
  if (body === '') throw new Error(`CHANGELOG.md's section for ${bare} is empty: say what changed in it`);
  return `${body}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [version, file] = process.argv.slice(2);
  if (!version) {
    console.error('usage: node scripts/release-notes.mjs <version|tag> [CHANGELOG.md]');
    process.exit(2);
  }
  const path = file ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'CHANGELOG.md');
  try {
    process.stdout.write(releaseNotes(readFileSync(path, 'utf8'), version));
  } catch (error) {
    console.error(`release-notes: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
