// The Action's entry point only starts the runner; the logic lives in run.ts and below. The modules load after the
// first timing mark, so OKSTRA_TIMINGS shows what compiling them costs (src/process/timings.ts).
import { mark } from '../process/timings.js';

mark('action:entry');
// The cli-cache-key step before every stage step needs none of run.ts's modules (cli-cache-step.ts says why).
if ((process.env['INPUT_MODE'] ?? '').trim() === 'cli-cache-key') {
  (await import('./cli-cache-step.js')).cliCacheKeyStep();
} else {
  const { run } = await import('./run.js');
  mark('action:loaded');
  await run();
}
