export * from './synthesize.js';
export * from './convergence.js';
export * from './availability.js';
