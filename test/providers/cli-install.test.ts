import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installAgentClis } from '../../src/providers/cli-install.js';
import { INSTALL_MARKER, locateAgentCli, pinnedInstallDir } from '../../src/providers/cli-locate.js';
import { tempDir } from '../helpers/git-repos.js';

/**
 * The installer with a stand-in npm (found through npm_execpath, as under
 * `npm test`): what lands in the cache, and what a failure leaves behind.
 */
function fakeNpm(dir: string, body: string): string {
  const file = join(dir, 'npm-cli.js');
  writeFileSync(file, body);
  return file;
}

describe('installAgentClis', () => {
  it('installs into a staging folder and moves it into place with a marker; the adapter then finds the pinned install', async () => {
    const cache = tempDir();
    // Lays out what npm would: the Gemini CLI package with its JS entry, and records its arguments.
    const npm = fakeNpm(
      tempDir(),
      `
const { mkdirSync, writeFileSync } = require('node:fs');
const dir = 'node_modules/@google/gemini-cli/bundle';
mkdirSync(dir, { recursive: true });
writeFileSync(dir + '/gemini.js', '');
writeFileSync('npm-args.json', JSON.stringify({ args: process.argv.slice(2), manifest: require(process.cwd() + '/package.json') }));
`,
    );
    const [outcome] = await installAgentClis({
      refs: ['gemini'],
      cacheDir: cache,
      env: { PATH: process.env.PATH ?? '', npm_execpath: npm },
    });

    expect(outcome).toMatchObject({
      ref: 'gemini',
      spec: '@google/gemini-cli@0.61.0',
      status: 'installed',
      dir: pinnedInstallDir(cache, 'gemini'),
    });
    const dir = pinnedInstallDir(cache, 'gemini');
    expect(JSON.parse(readFileSync(join(dir, INSTALL_MARKER), 'utf8'))).toMatchObject({
      spec: '@google/gemini-cli@0.61.0',
    });
    const npmSaw = JSON.parse(readFileSync(join(dir, 'npm-args.json'), 'utf8')) as {
      args: string[];
      manifest: { dependencies: Record<string, string> };
    };
    expect(npmSaw.args).toEqual(
      expect.arrayContaining(['install', '--ignore-scripts', '--omit=dev', '--no-package-lock']),
    );
    expect(npmSaw.manifest.dependencies).toEqual({ '@google/gemini-cli': '0.61.0' });
    expect(readdirSync(cache)).toEqual(['gemini@0.61.0']); // no staging folder left

    const lookup = locateAgentCli('gemini', { env: { OKSTRA_AGENT_CLIS_DIR: cache, PATH: '' } });
    expect(lookup.found && lookup.launch).toMatchObject({
      source: 'pinned',
      version: '0.61.0',
      file: process.execPath,
      prefixArgs: [join(dir, 'node_modules/@google/gemini-cli/bundle/gemini.js')],
    });

    const again = await installAgentClis({ refs: ['gemini'], cacheDir: cache, env: { npm_execpath: npm } });
    expect(again[0]?.status).toBe('present');
  });

  it("reports npm's failure and leaves nothing that looks installed", async () => {
    const cache = tempDir();
    const npm = fakeNpm(
      tempDir(),
      "process.stderr.write('npm error code E404\\nnpm error 404 Not Found - GET https://registry.npmjs.org/@openai%2fcodex\\n'); process.exit(1);\n",
    );
    const [outcome] = await installAgentClis({
      refs: ['codex'],
      cacheDir: cache,
      env: { PATH: process.env.PATH ?? '', npm_execpath: npm },
    });

    expect(outcome?.status).toBe('failed');
    expect(outcome?.error).toMatch(/^npm install @openai\/codex@0\.171\.0 exited with code 1: .*404 Not Found/s);
    expect(readdirSync(cache)).toEqual([]);
    expect(locateAgentCli('codex', { env: { OKSTRA_AGENT_CLIS_DIR: cache, PATH: '' } }).found).toBe(false);
  });
});

describe('locateAgentCli', () => {
  it("prefers the platform package's native binary, falls back to the package's JS launcher, and ignores an install without its marker", () => {
    const cache = tempDir();
    const dir = pinnedInstallDir(cache, 'claude');
    const wrapper = join(dir, 'node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs');
    mkdirSync(join(dir, 'node_modules/@anthropic-ai/claude-code'), { recursive: true });
    writeFileSync(wrapper, '');
    const env = { OKSTRA_AGENT_CLIS_DIR: cache, PATH: '' };
    expect(locateAgentCli('claude', { env }).found).toBe(false); // no marker: an interrupted install

    writeFileSync(join(dir, INSTALL_MARKER), '{}');
    const viaWrapper = locateAgentCli('claude', { env });
    expect(viaWrapper.found && viaWrapper.launch).toMatchObject({
      file: process.execPath,
      prefixArgs: [wrapper],
      source: 'pinned',
    });

    if (process.platform === 'linux' && process.arch === 'x64') {
      const nativeDir = join(dir, 'node_modules/@anthropic-ai/claude-code-linux-x64');
      mkdirSync(nativeDir, { recursive: true });
      writeFileSync(join(nativeDir, 'claude'), '#!/bin/sh\n', { mode: 0o755 });
      const native = locateAgentCli('claude', { env });
      expect(native.found && native.launch).toMatchObject({
        file: join(nativeDir, 'claude'),
        prefixArgs: [],
        source: 'pinned',
      });
    }
  });

  it('falls back to PATH, and says everywhere it looked when nothing is there', () => {
    const bin = tempDir();
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\n', { mode: 0o755 });
    const found = locateAgentCli('codex', { env: { OKSTRA_AGENT_CLIS_DIR: tempDir(), PATH: bin } });
    expect(found.found && found.launch).toMatchObject({ file: join(bin, 'codex'), source: 'path', version: null });

    const cache = tempDir();
    const missing = locateAgentCli('codex', {
      env: { OKSTRA_AGENT_CLIS_DIR: cache, PATH: tempDir(), OKSTRA_CODEX_BIN: '/nope/codex' },
    });
    expect(missing).toEqual({
      found: false,
      searched: ['OKSTRA_CODEX_BIN=/nope/codex (does not exist)', pinnedInstallDir(cache, 'codex'), '`codex` on PATH'],
    });
    expect(existsSync('/nope/codex')).toBe(false);
  });
});
