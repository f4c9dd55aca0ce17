// The Action's post step only starts its runner; the logic lives in post-run.ts. After a clean finish the main step
// left no claim open, and the post step ends without loading it (the ledger, git, the API client): a stage run's end,
// which the okstra App waits for before dispatching the next stages, is a bare process start.
import { claimsSaved } from './post-state.js';

if (claimsSaved(process.env)) {
  const { post } = await import('./post-run.js');
  await post();
}
