import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentUserPool } from '../../src/sandbox/agent-users.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  ISOLATED_FILES,
  SLOW_DIRS,
  SLOW_FILES,
  SLOW_MODULES,
  SLOW_SUFFIX,
  testTiers,
  whyIsolated,
  whySlow,
} from '../tiers.js';

// `npm run test:fast` stays fast and in-process: test/tiers.ts puts a test in the slow tier by its folder, its
// name, its line in SLOW_FILES or what it imports, and test/setup-fast.ts fails a fast test that leases an agent
// OS user.

const root = resolve(import.meta.dirname, '..', '..');

function repo(files: Record<string, string>): string {
  const dir = tempDir('okstra-tiers-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the test tiers', () => {
  it('a test is slow by its folder, its name, or what it imports itself or through a helper; a type import runs nothing', () => {
    const dir = repo({
      'test/engine/helpers.ts':
        "export const makeProject = () => 'a whole stage run';\nexport type Project = string;\n",
      'test/x/pure.ts': 'export const y = 1;\n',
      'test/x/wrap.ts': "import { makeProject } from '../engine/helpers.js';\nexport const h = makeProject;\n",
      'test/x/fast.test.ts': "import type { Project } from '../engine/helpers.js';\nimport { y } from './pure.js';\n",
      'test/x/through.test.ts': "import { h } from './wrap.js';\n",
      'test/x/bundle.test.ts': "import {\n  expect,\n  inject,\n} from 'vitest';\n",
      'test/x/started.e2e.test.ts': '',
      'test/sim/any.test.ts': '',
    });
    expect(testTiers(dir)).toEqual({
      fast: ['test/x/fast.test.ts'],
      slow: ['test/sim/any.test.ts', 'test/x/bundle.test.ts', 'test/x/started.e2e.test.ts', 'test/x/through.test.ts'],
    });
    expect(whySlow(dir, join(dir, 'test/x/through.test.ts'))).toBe(
      'test/x/through.test.ts → test/x/wrap.ts imports test/engine/helpers.ts',
    );
    expect(whySlow(dir, join(dir, 'test/x/bundle.test.ts'))).toMatch(/inject from vitest/);
  });

  it('every slow file and module named exists, and no listed file is slow already by its folder or name', () => {
    for (const m of SLOW_MODULES) expect(existsSync(join(root, m)), m).toBe(true);
    for (const f of SLOW_FILES) {
      expect(existsSync(join(root, f)), f).toBe(true);
      expect(SLOW_DIRS.some((d) => f.startsWith(d)) || f.endsWith(SLOW_SUFFIX), f).toBe(false);
    }
  });

  it('a fast file shares a worker process unless it is listed or mocks modules; a string that says so does not', () => {
    const dir = repo({
      'test/x/shared.test.ts': 'const text = "vi.mock(\'../y.js\')";\n',
      'test/x/mocks.test.ts': "import { vi } from 'vitest';\nvi.mock('../y.js');\n",
      'test/x/resets.test.ts': "it('x', async () => {\n  vi.resetModules();\n});\n",
    });
    expect(whyIsolated(dir, join(dir, 'test/x/shared.test.ts'))).toBeNull();
    expect(whyIsolated(dir, join(dir, 'test/x/mocks.test.ts'))).toBe('calls vi.mock');
    expect(whyIsolated(dir, join(dir, 'test/x/resets.test.ts'))).toBe('calls vi.resetModules');
    const { fast } = testTiers(root);
    for (const f of ISOLATED_FILES) {
      expect(fast, `${f} is a fast file (a slow one has a process of its own)`).toContain(f);
      expect(whyIsolated(root, join(root, f))).toBe('listed in ISOLATED_FILES');
    }
  });

  it('both tiers hold tests, and together every test file', () => {
    const { fast, slow } = testTiers(root);
    expect(fast.length).toBeGreaterThan(0);
    expect(slow.length).toBeGreaterThan(0);
    expect(new Set([...fast, ...slow]).size).toBe(fast.length + slow.length);
    expect(fast).toContain('test/architecture/test-tiers.test.ts');
  });

  it('a fast test that leases an agent OS user fails, naming where it belongs', async () => {
    // This file is fast: the fast project's setup is in force here.
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-tiers-locks-'), 'locks'), prefix: 'okstra-tier-' });
    await expect(pool.acquire()).rejects.toThrow(/SLOW_FILES \(test\/tiers\.ts\)/);
  });
});
