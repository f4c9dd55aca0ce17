export { countTests } from './count.js';
export { compareCounts, type CountProblem, type CountProblemKind } from './compare.js';
export { MAX_IDS, type TestCount, type TestCountFormat } from './types.js';
