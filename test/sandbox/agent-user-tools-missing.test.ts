/**
 * The account tools okstra runs (getent, useradd) may be missing on a runner
 * image. A missing getent means "nothing known yet"; a missing useradd is
 * said in the error, with what to do, rather than as an exit code nobody set.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentUserError, AgentUserPool } from '../../src/sandbox/agent-users.js';
import { tempDir } from '../helpers/git-repos.js';

const root = process.getuid?.() === 0;
const PATH = process.env.PATH;

afterEach(() => {
  process.env.PATH = PATH;
});

describe.skipIf(!root)('agent users without the account tools', () => {
  it('a runner without useradd (nor getent) gets an error naming it and the way out', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: 'okstra-notools-' });
    // A PATH that holds nothing: neither getent nor useradd can start.
    process.env.PATH = tempDir('okstra-empty-path-');
    const leased = pool.acquire();
    await expect(leased).rejects.toThrow(AgentUserError);
    await expect(leased).rejects.toThrow(
      /could not create the agent user okstra-notools-1: useradd is not installed\. .*set `isolation: none`/,
    );
  });
});
