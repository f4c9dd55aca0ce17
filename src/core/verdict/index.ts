export * from './synthesize.js';
export * from './convergence.js';
