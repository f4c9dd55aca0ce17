export * from './row.js';
export * from './parse-ledger.js';
export * from './state.js';
export * from './decide-append.js';
export * from './paths.js';
export * from './claimant.js';
export * from './trust.js';
export * from './repair.js';
