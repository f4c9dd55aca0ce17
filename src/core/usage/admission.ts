import type { GatewayErrorKind } from './error-body.js';
import type { ModelProtocol } from './protocol.js';

/**
 * Whether the gateway forwards a request or answers it itself, decided from
 * what it knows before reading the body. Every refusal the gateway writes
 * comes from here or from the budgets, and is sent by one function.
 */

export interface Refusal {
  status: number;
  kind: GatewayErrorKind;
  /** The record's one-line error. */
  error: string;
  /** What the agent is told. */
  message: string;
  /** Set for refusals the report names (a budget, a credential). */
  refused?: 'budget' | 'credential';
  headers?: Record<string, string>;
}

export interface AdmissionQuestion {
  /** The dispatch's credential is still valid. */
  leaseOpen: boolean;
  /** The request carries the dispatch credential somewhere. */
  hasCredential: boolean;
  /** A keyless, bodiless HEAD of the base URL (a client warming its connection up). */
  warmUp: boolean;
  /** No dot segments or encoded separators. */
  safePath: boolean;
  method: string;
  path: string;
  protocol: ModelProtocol | null;
}

export type Admission = { kind: 'forward' } | { kind: 'warm-up' } | { kind: 'refuse'; refusal: Refusal };

export function admit(q: AdmissionQuestion): Admission {
  if (!q.hasCredential && q.leaseOpen && q.warmUp) return { kind: 'warm-up' };
  if (!q.hasCredential) {
    const error = q.leaseOpen ? 'missing or wrong dispatch credential' : 'dispatch credential revoked';
    return refuse({
      status: 401,
      kind: 'credential',
      refused: 'credential',
      error,
      message: `okstra gateway: ${error}; this session may only use the credential okstra gave it`,
    });
  }
  const shown = `${q.method} ${q.path || '/'}`;
  if (!q.safePath)
    return refuse({
      status: 404,
      kind: 'not-allowed',
      error: 'path not allowed',
      message: `okstra gateway: ${shown} is not a path the gateway forwards (dot segments or encoded slashes)`,
    });
  // Only calls the gateway can meter may spend money; anything else could bypass the budgets.
  if (q.method !== 'GET' && q.method !== 'HEAD' && q.protocol === null)
    return refuse({
      status: 404,
      kind: 'not-allowed',
      error: 'not a model call',
      message: `okstra gateway: ${shown} is not a model API call the gateway meters, so it is not forwarded`,
    });
  return { kind: 'forward' };
}

export function unknownDispatch(): Refusal {
  return {
    status: 401,
    kind: 'credential',
    error: 'unknown dispatch',
    message: 'okstra gateway: unknown dispatch; use the base URL and credential okstra gave this session',
  };
}

export function tooLarge(maxBytes: number): Refusal {
  return {
    status: 413,
    kind: 'too-large',
    error: `request body over ${maxBytes} bytes`,
    message: `okstra gateway: request body is larger than ${maxBytes} bytes`,
    headers: { connection: 'close' },
  };
}

/**
 * A budget refusal is a 400: every CLI shows a 400's message and gives up,
 * whereas 429 and 5xx are retried, and 401/403 are reported as a bad key
 * (Codex's adapter and Claude Code both treat 403 as an auth failure).
 */
export const BUDGET_STATUS = 400;

export function budgetRefusal(message: string): Refusal {
  return { status: BUDGET_STATUS, kind: 'budget', refused: 'budget', error: message, message };
}

export function unreachable(message: string, retries: number): Refusal {
  return {
    status: 502,
    kind: 'upstream-unreachable',
    error: message,
    message: `okstra gateway: ${message} (after ${retries} retries)`,
  };
}

function refuse(refusal: Refusal): Admission {
  return { kind: 'refuse', refusal };
}
