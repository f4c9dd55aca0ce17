import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { OkstraConfig } from '../core/config/index.js';
import { gitBlobId } from '../core/git-object-id.js';
import type { PlanParseResult } from '../core/plan/types.js';
import { Git } from '../git/git.js';
import { CliError, type CliIo } from './io.js';
import { readPlan } from './load-plan.js';
import { readRepoConfig } from './read-config.js';

/** One Markdown file of the plans folder, parsed. */
export interface PlanFile {
  /** The path to pass as `--plan` from the current directory. */
  file: string;
  result: PlanParseResult;
  /** The git blob id of the file as it is on disk: what an approval of it would name. */
  blob: string;
}

export interface PlansFolder {
  repoDir: string;
  /** The config's `plansDir`, as the user would type it from the current directory. */
  plansDir: string;
  files: PlanFile[];
  config: OkstraConfig;
}

/**
 * The plans in the config's `plansDir` of the repository (`--repo`, else the
 * current directory's), each parsed; a file that does not parse is kept
 * with its errors, so a listing can show it without stopping.
 */
export async function readPlansFolder(io: CliIo, where: { repo?: string; config?: string }): Promise<PlansFolder> {
  const start = where.repo ? (isAbsolute(where.repo) ? where.repo : resolve(io.cwd, where.repo)) : io.cwd;
  const top = await new Git(start).run(['rev-parse', '--show-toplevel']).catch(() => null);
  if (!top || top.exitCode !== 0) throw new CliError(`${start} is not a git repository; pass --repo DIR`);
  const repoDir = top.stdout.trim();
  const config = await readRepoConfig(io, repoDir, where.config);
  const dir = join(repoDir, config.plansDir);
  const names = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile() && e.name.endsWith('.md'))
        .map((e) => e.name)
    : [];
  const files: PlanFile[] = [];
  for (const name of names.sort()) {
    const file = shownPath(io.cwd, join(dir, name));
    files.push({
      file,
      result: await readPlan(file, io.cwd),
      blob: gitBlobId(await readFile(join(dir, name))),
    });
  }
  return { repoDir, plansDir: shownPath(io.cwd, dir), files, config };
}

/** The ids of the plans that parsed, in file order. */
export function planIds(folder: PlansFolder): string[] {
  return folder.files.flatMap((f) => (f.result.plan && f.result.errors.length === 0 ? [f.result.plan.id] : []));
}

function shownPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}
