/**
 * Whether a process with this pid exists: signal 0 tests without sending.
 * EPERM means it exists as another user's. A pid ≤ 0 names a group (or every
 * process), never one process: false.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
