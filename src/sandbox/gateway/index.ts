/**
 * okstra's model gateway: a reverse proxy on 127.0.0.1 between the agent
 * CLIs and the model APIs. Each dispatch gets its own base URL and a fresh
 * stand-in credential; the gateway swaps in the real key, meters every
 * request from the usage the API itself reports, enforces the budgets, and
 * retries transient upstream failures before the agent sees a byte.
 */

export type * from './types.js';
export { startGateway } from './server.js';
