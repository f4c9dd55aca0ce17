// Parallel stages on GitHub in the action shell: the table in parallel-suite.ts, one file per shell so both run at once.
import { parallelStagesSuite } from './parallel-suite.js';

parallelStagesSuite('action');
