// The Action's entry point only starts the runner; the logic lives in run.ts and below.
import { run } from './run.js';

await run();
