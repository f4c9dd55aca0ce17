export * from './final-head.js';
export * from './attribution.js';
export * from './verdict.js';
