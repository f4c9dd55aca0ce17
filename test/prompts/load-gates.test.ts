import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PROMPT_FILE_IDS, promptFileHeading, promptFileName } from '../../src/core/prompts/index.js';
import { loadGates, packagePromptsDir } from '../../src/engine/load-gates.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const temps: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'okstra-gates-'));
  temps.push(dir);
  return dir;
}

/** A folder holding every prompt file, each `## <heading>` plus a marker line naming the folder. */
function promptsFolder(marker: string, skip: string[] = []): string {
  const dir = tempDir();
  for (const id of PROMPT_FILE_IDS) {
    if (!skip.includes(id))
      writeFileSync(join(dir, promptFileName(id)), `${promptFileHeading(id)}\n\n${marker} ${id}\n`);
  }
  return dir;
}

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadGates', () => {
  it("reads okstra's own prompts/ by default, every file starting with its heading", async () => {
    const gates = await loadGates();
    expect(Object.keys(gates).sort()).toEqual([...PROMPT_FILE_IDS].sort());
    for (const id of PROMPT_FILE_IDS) expect(gates[id].split('\n')[0]).toBe(promptFileHeading(id));
  });

  it('lets an override folder replace one file and keeps the defaults for the rest', async () => {
    const base = promptsFolder('default');
    const override = tempDir();
    writeFileSync(join(override, 'stage-discipline.md'), '## Stage discipline\n\nrepository rule\n');
    writeFileSync(join(override, 'unrelated.md'), 'ignored\n');
    const gates = await loadGates(base, { overrideDir: override });
    expect(gates['stage-discipline']).toBe('## Stage discipline\n\nrepository rule\n');
    expect(gates['evidence-citations']).toBe('## Evidence citations\n\ndefault evidence-citations\n');
  });

  it('treats an override folder that does not exist as overriding nothing', async () => {
    const base = promptsFolder('default');
    const gates = await loadGates(base, { overrideDir: join(base, 'no-such-folder') });
    expect(gates.executor).toBe('## Executor task\n\ndefault executor\n');
  });

  it('names every missing file at once', async () => {
    const base = promptsFolder('default', ['verifier-qa-gate', 'critic']);
    await expect(loadGates(base)).rejects.toThrow(`missing prompt files in ${base}: verifier-qa-gate.md, critic.md`);
  });

  it('accepts a file the base folder lacks when the override folder has it', async () => {
    const base = promptsFolder('default', ['critic']);
    const override = tempDir();
    writeFileSync(join(override, 'critic.md'), '## Critic task\n\nfrom the repository\n');
    await expect(loadGates(base, { overrideDir: override })).resolves.toMatchObject({
      critic: '## Critic task\n\nfrom the repository\n',
    });
  });
});

describe('packagePromptsDir', () => {
  it('finds prompts/ from the source tree', async () => {
    expect(await packagePromptsDir(join(repoRoot, 'src', 'engine'))).toBe(join(repoRoot, 'prompts'));
  });

  it('finds prompts/ from a bundle folder beside it, as dist/ is', async () => {
    const pkg = tempDir();
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'okstra' }));
    mkdirSync(join(pkg, 'prompts'));
    mkdirSync(join(pkg, 'dist'));
    expect(await packagePromptsDir(join(pkg, 'dist'))).toBe(join(pkg, 'prompts'));
  });

  it("skips a prompts/ folder that belongs to another package and fails when there is no okstra's", async () => {
    const other = tempDir();
    writeFileSync(join(other, 'package.json'), JSON.stringify({ name: 'someone-else' }));
    mkdirSync(join(other, 'prompts'));
    mkdirSync(join(other, 'dist'));
    await expect(packagePromptsDir(join(other, 'dist'))).rejects.toThrow("cannot find okstra's prompts/ folder");
  });
});
