export * from './stage-graph.js';
export * from './readiness.js';
export * from './mermaid.js';
export * from './parallel.js';
export * from './resumable.js';
export * from './start-rules.js';
export * from './follow-ups.js';
export * from './continuation.js';
