import type { ProviderCause } from '../core/verdict/availability.js';
import type { DispatchResult } from './types.js';

/** A dispatch that never started its program: an error, and why. */
export function refusedDispatch(errorMessage: string, cause?: ProviderCause): DispatchResult {
  return {
    ...(cause ? { cause } : {}),
    status: 'error',
    finalText: '',
    sessionId: null,
    usage: null,
    durationMs: 0,
    exitCode: null,
    stderrTail: '',
    errorMessage,
  };
}
