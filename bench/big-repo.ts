// A big generated repository for measuring what a stage costs as the
// repository grows. Generating 200 MB of blobs takes a while, so the
// generated history lives once under .cache/bench/ (keyed by its size) and
// every caller gets a fresh clone of it: the clone hard-links the objects and
// only the checkout writes files. The content is deterministic (a fixed
// keystream), so two caches of the same size hold the same commit.
import { spawn } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { BENCH_IDENTITY, REPO_ROOT } from './fixtures.js';

export interface BigRepoSize {
  /** How many files the commit holds. */
  files: number;
  /** Their total size in bytes. */
  totalBytes: number;
}

/** Where generated repositories are kept between bench runs (gitignored). */
export const BIG_REPO_CACHE = join(REPO_ROOT, '.cache', 'bench');
/** Written last into a cached repository: one without it was interrupted while generating and is made again. */
const COMPLETE_MARKER = 'okstra-bench-complete';
/** About as many files per folder as a source tree holds. */
const FILES_PER_DIR = 20;
const FAN_OUT = 10;
const EXTENSIONS = ['ts', 'ts', 'ts', 'md', 'json', 'txt'] as const;
/** Spread of the file sizes: a log-normal with this sigma puts a few files at ~50× the median. */
const SIZE_SIGMA = 1.2;

/**
 * Makes `dir` (absent or empty) a git repository whose `main` holds one
 * commit of `opts.files` files totalling `opts.totalBytes` bytes in nested
 * folders, checked out, with no remote. The first call for a size generates
 * it (git fast-import) into the cache; later calls, in this run or the next,
 * only clone it.
 */
export async function makeBigRepo(dir: string, opts: BigRepoSize): Promise<void> {
  checkSize(opts);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`makeBigRepo: ${dir} is not empty; give it a new or empty folder`);
  const cached = await cachedRepo(opts);
  const parent = new Git(REPO_ROOT, BENCH_IDENTITY);
  // --local hard-links the objects (nothing in them ever changes), so only the checkout costs.
  await parent.ok(['clone', '--quiet', '--local', '--branch', 'main', cached, dir]);
  // The cache is not a remote: a stage that pushes must not write into it.
  await new Git(dir, BENCH_IDENTITY).ok(['remote', 'remove', 'origin']);
}

function checkSize(opts: BigRepoSize): void {
  const { files, totalBytes } = opts;
  if (!Number.isSafeInteger(files) || files < 1)
    throw new Error(`makeBigRepo: files must be a whole number ≥ 1, got ${String(files)}`);
  if (!Number.isSafeInteger(totalBytes) || totalBytes < files)
    throw new Error(
      `makeBigRepo: totalBytes must be a whole number ≥ files (${files}) so each file has a byte, got ${String(totalBytes)}`,
    );
}

/** The cached bare repository of this size, generated first if no complete one exists. */
async function cachedRepo(opts: BigRepoSize): Promise<string> {
  const path = join(BIG_REPO_CACHE, `big-repo-${opts.files}f-${opts.totalBytes}b.git`);
  if (existsSync(join(path, COMPLETE_MARKER))) return path;
  mkdirSync(BIG_REPO_CACHE, { recursive: true });
  // Generated beside its final name and renamed, so a concurrent or interrupted run never sees half of one.
  const building = `${path}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  try {
    await new Git(BIG_REPO_CACHE, BENCH_IDENTITY).ok(['init', '--quiet', '--bare', '--initial-branch=main', building]);
    await fastImport(building, opts);
    writeFileSync(join(building, COMPLETE_MARKER), `${JSON.stringify(opts)}\n`);
    rmSync(path, { recursive: true, force: true });
    renameSync(building, path);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  return path;
}

/** Streams one commit of every file into `gitDir` through `git fast-import`, writing no faster than git reads. */
async function fastImport(gitDir: string, opts: BigRepoSize): Promise<void> {
  const child = spawn('git', ['-c', 'gc.auto=0', 'fast-import', '--quiet', '--done'], {
    cwd: gitDir,
    env: { ...process.env, GIT_DIR: gitDir },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const write = async (chunk: string | Buffer): Promise<void> => {
    if (!child.stdin.write(chunk)) await Promise.race([once(child.stdin, 'drain'), exited]);
  };
  const message = `bench: ${opts.files} files, ${opts.totalBytes} bytes\n`;
  await write(
    `commit refs/heads/main\ncommitter b <b@okstra.invalid> 1700000000 +0000\ndata ${Buffer.byteLength(message)}\n${message}`,
  );
  const content = keystream();
  const sizes = fileSizes(opts);
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i] as number;
    await write(`M 100644 inline ${filePath(i)}\ndata ${size}\n`);
    await write(textOf(content, size));
    await write('\n');
  }
  await write('done\n');
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`git fast-import failed (exit ${String(code)}): ${stderr.trim() || 'no output'}`);
}

/** `src/d3/d1/d4/file-00341.ts`: `FILES_PER_DIR` files per folder, folders `FAN_OUT` wide, as deep as the count needs. */
function filePath(i: number): string {
  let dirIndex = Math.floor(i / FILES_PER_DIR);
  const parts: string[] = [];
  do {
    parts.push(`d${dirIndex % FAN_OUT}`);
    dirIndex = Math.floor(dirIndex / FAN_OUT);
  } while (dirIndex > 0);
  const ext = EXTENSIONS[i % EXTENSIONS.length] as string;
  return `src/${parts.join('/')}/file-${String(i).padStart(5, '0')}.${ext}`;
}

/** Log-normal sizes (most files small, a few large) scaled to add up to exactly `totalBytes`, each at least one byte. */
function fileSizes({ files, totalBytes }: BigRepoSize): number[] {
  let seed = 0x9e3779b9;
  const uniform = (): number => {
    // xorshift32: deterministic, so a size always gives the same tree.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) + 1) / 4294967297;
  };
  const weights = Array.from({ length: files }, () => {
    const normal = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    return Math.exp(SIZE_SIGMA * normal);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = totalBytes - files;
  const sizes = weights.map((w) => 1 + Math.floor((w / sum) * spare));
  // Flooring lost a few bytes; the first file takes them so the total is exact.
  sizes[0] = (sizes[0] as number) + totalBytes - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** A deterministic stream of pseudo-random bytes (AES-CTR over zeros): fast, and compresses about as badly as real data. */
function keystream(): (bytes: number) => Buffer {
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0));
  return (bytes) => cipher.update(Buffer.alloc(bytes));
}

/** `size` bytes of base64 text in 76-character lines: a text file, like source, that zlib shrinks by only a quarter. */
function textOf(random: (bytes: number) => Buffer, size: number): Buffer {
  const text = random(Math.ceil((size * 3) / 4) + 3)
    .toString('base64')
    .slice(0, size);
  const out = Buffer.from(text);
  for (let at = 76; at < size; at += 77) out[at] = 0x0a;
  if (size > 0) out[size - 1] = 0x0a;
  return out;
}
