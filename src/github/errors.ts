/**
 * Reading Octokit's request errors without loading Octokit: this module has
 * no dependencies, so code that only inspects errors does not pull the
 * client (and its HTTP stack) into a cold start.
 */

/** The HTTP status of an Octokit request error, or null for anything else. */
export function httpStatus(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return null;
}

/** A one-line description of a failed API call, without the request (which may carry the token). */
export function describeApiError(error: unknown): string {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message : String(error);
  return status === null ? message : `HTTP ${status}: ${message.split('\n')[0]}`;
}
