/**
 * The dispatch contract read back as the Action reads it: the named inputs
 * with the request's fields unpacked into the inputs of their names, so a
 * test can say which values a dispatch carried whatever the wire form.
 */
import { unpackRequest } from '../../src/core/commands/request.js';

export function flatInputs(wire: Record<string, unknown> | null | undefined): Record<string, string> {
  const { request, ...named } = (wire ?? {}) as Record<string, string>;
  if (request === undefined) return named;
  const unpacked = unpackRequest(request);
  if (!unpacked.ok) throw new Error(`a dispatch sent a bad request: ${unpacked.field}: ${unpacked.message}`);
  return { ...named, ...(unpacked.fields as Record<string, string>) };
}
