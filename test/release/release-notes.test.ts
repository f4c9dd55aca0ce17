import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { releaseNotes } from '../../scripts/release-notes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(root, 'scripts', 'release-notes.mjs');

const CHANGELOG = [
  '# Changelog',
  '',
  '## [Unreleased]',
  '',
  '- not released yet',
  '',
  '## [1.2.0] - 2027-01-05',
  '',
  '### Added',
  '',
  '- the thing',
  '',
  '## [1.1.10] - 2026-12-20',
  '',
  '### Fixed',
  '',
  '- the other thing',
  '',
  '## [1.1.1] - 2026-12-10',
  '',
  '- first fix',
  '',
  '## [1.0.0-rc.1] - 2026-12-01',
  '',
  '- candidate',
  '',
  '[Unreleased]: https://github.com/okstra/okstra/compare/v1.2.0...HEAD',
  '[1.2.0]: https://github.com/okstra/okstra/compare/v1.1.10...v1.2.0',
  '',
].join('\n');

describe('scripts/release-notes.mjs', () => {
  it("returns one version's section, up to the next version heading", () => {
    expect(releaseNotes(CHANGELOG, '1.2.0')).toBe('### Added\n\n- the thing\n');
  });

  it('takes the tag form and never mistakes 1.1.1 for 1.1.10', () => {
    expect(releaseNotes(CHANGELOG, 'v1.1.1')).toBe('- first fix\n');
    expect(releaseNotes(CHANGELOG, 'v1.1.10')).toBe('### Fixed\n\n- the other thing\n');
  });

  it('stops the last section at the link reference definitions', () => {
    expect(releaseNotes(CHANGELOG, 'v1.0.0-rc.1')).toBe('- candidate\n');
  });

  it('refuses a version with no section, naming the heading to add', () => {
    expect(() => releaseNotes(CHANGELOG, 'v2.0.0')).toThrow(
      'CHANGELOG.md has no section for 2.0.0: add a heading "## [2.0.0] - YYYY-MM-DD"',
    );
  });

  it('refuses an empty section and a tag that is no version', () => {
    expect(() => releaseNotes('## [3.0.0] - 2027-02-01\n\n## [2.9.0]\n- x\n', '3.0.0')).toThrow(
      "CHANGELOG.md's section for 3.0.0 is empty",
    );
    expect(() => releaseNotes(CHANGELOG, 'v1')).toThrow('"v1" is not a version like 1.2.3 or v1.2.3');
  });

  it("finds the repository's own CHANGELOG.md section for package.json's version", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const notes = execFileSync(process.execPath, [script, `v${version}`], { encoding: 'utf8' });
    expect(notes).toBe(releaseNotes(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version));
    expect(notes).toContain('### Added');
  });

  it('as a command, exits 1 with the reason on stderr and prints nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'okstra-notes-'));
    try {
      const file = join(dir, 'CHANGELOG.md');
      writeFileSync(file, CHANGELOG);
      const run = spawnSync(process.execPath, [script, 'v9.9.9', file], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('release-notes: CHANGELOG.md has no section for 9.9.9');
      const usage = spawnSync(process.execPath, [script], { encoding: 'utf8' });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('usage: node scripts/release-notes.mjs <version|tag>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
