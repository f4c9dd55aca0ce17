import { lstat, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * What a dispatch's CLI holds while it runs: every process whose HOME lies
 * in the dispatch's folder (argv, environment and user, read from /proc)
 * and every file in that folder (the private HOME, TMPDIR and output folder
 * the provider made). A contract test takes it while a scripted turn holds
 * the CLI mid-call, so it sees the configuration the CLI really runs with.
 * Processes are found by their HOME, not their user, so this works as root
 * (the CLI runs as an agent user) and as an ordinary user (it runs as you).
 */

export interface AgentProcess {
  pid: number;
  /** Real user id. */
  uid: number;
  argv: string[];
  env: Record<string, string>;
}

export interface AgentFile {
  path: string;
  content: Buffer;
}

export interface AgentSnapshot {
  processes: AgentProcess[];
  /** The dispatch folders scanned (the parent of each process's HOME). */
  folders: string[];
  files: AgentFile[];
}

/** Larger files are configuration no CLI writes; a test would rather hear about them than read them. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Every process whose HOME is inside `parent` (the provider's `tmpDir`), and every file of those dispatch folders. */
export async function snapshotDispatches(parent: string): Promise<AgentSnapshot> {
  const processes: AgentProcess[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const proc = await readProcess(Number(name));
    if (proc?.env.HOME?.startsWith(`${parent}/`)) processes.push(proc);
  }
  const folders = [...new Set(processes.map((p) => dirname(p.env.HOME as string)))];
  const files: AgentFile[] = [];
  for (const folder of folders) await collectFiles(folder, files);
  return { processes, folders, files };
}

/** Where `needle` occurs in the snapshot (`pid 12 env FOO`, `pid 12 argv`, a file path); empty when nowhere. */
export function occurrences(snapshot: AgentSnapshot, needle: string): string[] {
  const found: string[] = [];
  for (const p of snapshot.processes) {
    for (const [name, value] of Object.entries(p.env))
      if (value.includes(needle) || name.includes(needle)) found.push(`pid ${p.pid} env ${name}`);
    if (p.argv.some((a) => a.includes(needle))) found.push(`pid ${p.pid} argv`);
  }
  for (const f of snapshot.files) if (f.content.includes(needle)) found.push(f.path);
  return found;
}

async function readProcess(pid: number): Promise<AgentProcess | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    if (uid === undefined) return null;
    const split = (raw: Buffer): string[] =>
      raw
        .toString('utf8')
        .split('\0')
        .filter((s) => s !== '');
    const env: Record<string, string> = {};
    for (const entry of split(await readFile(`/proc/${pid}/environ`))) {
      const eq = entry.indexOf('=');
      if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return { pid, uid: Number(uid), argv: split(await readFile(`/proc/${pid}/cmdline`)), env };
  } catch {
    // The process ended between the listing and the read, or belongs to a user we may not read.
    return null;
  }
}

async function collectFiles(dir: string, into: AgentFile[]): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const name of entries) {
    const path = join(dir, name);
    const info = await lstat(path).catch(() => null);
    if (info?.isDirectory()) await collectFiles(path, into);
    else if (info?.isFile()) {
      if (info.size > MAX_FILE_BYTES)
        throw new Error(`${path} is ${info.size} bytes; the agent snapshot reads files up to ${MAX_FILE_BYTES}`);
      const content = await readFile(path).catch(() => null);
      if (content) into.push({ path, content });
    }
  }
}
