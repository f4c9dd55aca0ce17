/**
 * Which stages a final finding belongs to: those whose own commits changed
 * its file. A finding without a file, or on a file no stage changed, belongs
 * to the plan's sink stages, which hold the change as a whole.
 */

/** Per stage: each file its commits changed, with those commits (newest first). */
export type StageChanges = ReadonlyMap<number, ReadonlyMap<string, readonly string[]>>;
import { pushAll } from '../arrays.js';

export interface Attribution {
  stages: number[];
  commits: string[];
}

export function attribute(file: string | null, changes: StageChanges, sinks: readonly number[]): Attribution {
  if (file !== null) {
    const stages: number[] = [];
    const commits: string[] = [];
    for (const [stage, files] of changes) {
      const touched = files.get(file);
      if (!touched || touched.length === 0) continue;
      stages.push(stage);
      pushAll(commits, touched);
    }
    if (stages.length > 0) return { stages: stages.sort((a, b) => a - b), commits };
  }
  return { stages: [...sinks], commits: [] };
}

/** `git log --format=%x00%H --name-only` output as file → commits. */
export function parseNameLog(out: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const chunk of out.split('\0').slice(1)) {
    const [commit = '', ...paths] = chunk.split('\n').map((l) => l.trim());
    if (!/^[0-9a-f]{40,64}$/.test(commit)) continue;
    for (const path of paths) {
      if (path === '') continue;
      const list = files.get(path) ?? [];
      list.push(commit);
      files.set(path, list);
    }
  }
  return files;
}
