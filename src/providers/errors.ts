/** Stable codes for what can be wrong with a provider reference, a roster or a models override. */
export type ProviderErrorCode =
  | 'provider/unknown'
  | 'provider/not-available'
  | 'provider/without-command'
  | 'provider/bad-command-line'
  | 'roster/duplicate-name'
  | 'roster/no-verifier'
  | 'models/bad-override';

/** A configuration or request problem the user can fix; `message` says what and how. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
