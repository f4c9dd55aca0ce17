export * from './prices.js';
export * from './cost.js';
export * from './protocol.js';
export * from './sse.js';
export * from './meter.js';
export * from './budget.js';
export * from './error-body.js';
