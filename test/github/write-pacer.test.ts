import { describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { WritePacer } from '../../src/github/write-pacer.js';

/**
 * The client's writes are paced by okstra's rule (src/core/write-pacing.ts),
 * not the throttling plugin's one-write-a-second queue: a done stage's few
 * checks and dispatches are in flight together.
 */
describe('the GitHub client paces writes with okstra’s rule', () => {
  it('sends a handful of writes at once, with the throttle on', async () => {
    const writes = 6;
    let inFlight = 0;
    let most = 0;
    const release: Array<() => void> = [];
    // Each write is answered only when all of them arrived (or after a bound, so a serialising queue fails the count, not the run).
    const fetchStub = async (): Promise<Response> => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => {
        release.push(resolve);
        if (release.length === writes) for (const r of release) r();
        else setTimeout(resolve, 3000).unref();
      });
      inFlight--;
      return new Response(null, { status: 204 });
    };
    const client = createGitHubClient({
      token: 'ghs_test',
      baseUrl: 'https://api.github.test',
      log: () => undefined,
      fetch: fetchStub as typeof fetch,
    });
    await Promise.all(
      Array.from({ length: writes }, (_, i) =>
        client.rest.actions.createWorkflowDispatch({
          owner: 'o',
          repo: 'r',
          workflow_id: 'okstra.yml',
          ref: 'main',
          inputs: { stage: String(i + 1) },
        }),
      ),
    );
    expect(most).toBe(writes);
  });

  it('queues a write beyond the burst instead of sending it', async () => {
    let now = 0;
    const pacer = new WritePacer({ burst: 2, refillMs: 1000 }, () => now);
    const sent: number[] = [];
    const send = (n: number): Promise<void> =>
      pacer.key('t').schedule({}, () => {
        sent.push(n);
      });
    await Promise.all([send(1), send(2)]);
    const third = send(3);
    await Promise.resolve();
    expect(sent).toEqual([1, 2]);
    now = 1000;
    await third;
    expect(sent).toEqual([1, 2, 3]);
    // A retry (weight 0) already waited what GitHub asked: it is not paced again.
    await pacer.key('t').schedule({ weight: 0 }, () => sent.push(4));
    expect(sent).toEqual([1, 2, 3, 4]);
  });
});
