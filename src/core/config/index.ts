export * from './schema.js';
export * from './parse-config.js';
