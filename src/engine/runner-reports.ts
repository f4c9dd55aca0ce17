import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';

/** A JUnit file larger than this is not read: it would cost more memory than the counts are worth. */
const MAX_REPORT_BYTES = 8 * 1024 * 1024;

/**
 * Reads a test report a QA command wrote (pytest's `--junitxml`), then
 * removes it so the next command starts without it. The command ran as the
 * agent user and could have left a link or a pipe in its place: the file is
 * opened without following links and without blocking, and read only when
 * it is a regular file under the size bound. Anything else counts as no
 * report (the output's summary lines are the fallback).
 */
export async function takeRunnerReport(path: string): Promise<{ name: string; content: string } | null> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_REPORT_BYTES) return null;
    const content = await handle.readFile('utf8');
    return { name: path, content };
  } catch {
    return null;
  } finally {
    await handle?.close();
    await rm(path, { force: true, recursive: true }).catch(() => undefined);
  }
}
