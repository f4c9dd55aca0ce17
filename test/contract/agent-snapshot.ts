import { lstat, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * What an agent user holds while its CLI runs: every process of that user
 * (argv and environment, read from /proc as root) and every file under the
 * private folders the provider gave it (the dispatch folder around HOME and
 * TMPDIR). A contract test takes it while a scripted turn holds the CLI
 * mid-call, so it sees the configuration the CLI really runs with.
 */

export interface AgentProcess {
  pid: number;
  argv: string[];
  env: Record<string, string>;
}

export interface AgentFile {
  path: string;
  content: Buffer;
}

export interface AgentSnapshot {
  processes: AgentProcess[];
  /** The folders scanned (the parent of each process's HOME and TMPDIR). */
  folders: string[];
  files: AgentFile[];
}

/** Larger files are configuration no CLI writes; a test would rather hear about them than read them. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export async function snapshotAgent(uid: number): Promise<AgentSnapshot> {
  const processes: AgentProcess[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const proc = await readProcess(Number(name), uid);
    if (proc) processes.push(proc);
  }
  const folders = [...new Set(processes.flatMap((p) => [p.env.HOME, p.env.TMPDIR].filter((d): d is string => d !== undefined && d !== '').map((d) => dirname(d))))];
  const files: AgentFile[] = [];
  for (const folder of folders) await collectFiles(folder, files);
  return { processes, folders, files };
}

/** Where `needle` occurs in the snapshot (`pid 12 env FOO`, `pid 12 argv`, a file path); empty when nowhere. */
export function occurrences(snapshot: AgentSnapshot, needle: string): string[] {
  const found: string[] = [];
  for (const p of snapshot.processes) {
    for (const [name, value] of Object.entries(p.env)) if (value.includes(needle) || name.includes(needle)) found.push(`pid ${p.pid} env ${name}`);
    if (p.argv.some((a) => a.includes(needle))) found.push(`pid ${p.pid} argv`);
  }
  for (const f of snapshot.files) if (f.content.includes(needle)) found.push(f.path);
  return found;
}

async function readProcess(pid: number, uid: number): Promise<AgentProcess | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const realUid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    if (realUid === undefined || Number(realUid) !== uid) return null;
    const split = (raw: Buffer): string[] => raw.toString('utf8').split('\0').filter((s) => s !== '');
    const env: Record<string, string> = {};
    for (const entry of split(await readFile(`/proc/${pid}/environ`))) {
      const eq = entry.indexOf('=');
      if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return { pid, argv: split(await readFile(`/proc/${pid}/cmdline`)), env };
  } catch {
    // The process ended between the listing and the read.
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
      if (info.size > MAX_FILE_BYTES) throw new Error(`${path} is ${info.size} bytes; the agent snapshot reads files up to ${MAX_FILE_BYTES}`);
      const content = await readFile(path).catch(() => null);
      if (content) into.push({ path, content });
    }
  }
}
