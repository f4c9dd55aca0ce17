import { existsSync, readFileSync } from 'node:fs';

/** The JSON lines a stand-in agent recorded with its `record` behaviour; none when it never ran. */
export function readRecords<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}
