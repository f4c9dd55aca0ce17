export * from './workflow.js';
export * from './config.js';
export * from './plan.js';
export * from './providers.js';
