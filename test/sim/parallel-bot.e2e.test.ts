// Parallel stages on GitHub in the bot shell: the table in parallel-suite.ts, one file per shell so both run at once.
import { parallelStagesSuite } from './parallel-suite.js';

parallelStagesSuite('bot');
