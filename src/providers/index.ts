export type * from './types.js';
export * from './errors.js';
export * from './env.js';
export * from './process.js';
export * from './shell-words.js';
export * from './command.js';
export * from './registry.js';
export * from './roster.js';
