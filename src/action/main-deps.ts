import type { BuiltinProvider } from '../core/config/schema.js';
import type { Env } from './context.js';
import type { InputName } from './input-names.js';
import type { ActionIo } from './io.js';

/**
 * Everything one Action run touches, so tests can run it in-process;
 * run.ts fills them from `@actions/core`. Its own module, so main.ts and
 * the session it loads lazily (session-run.ts) both name it without an
 * import cycle.
 */
export interface MainDeps {
  io: ActionIo;
  readInput: (name: InputName) => string;
  /** The step's environment; the secret inputs are removed from it once read, so no child inherits them. */
  env: Record<string, string | undefined>;
  cwd: string;
  fetch?: typeof fetch;
  installClis?: (refs: BuiltinProvider[], env: Env, log: (line: string) => void) => Promise<void>;
}
