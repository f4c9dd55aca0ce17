import { createHash } from 'node:crypto';

/**
 * The id git gives a file's content (`git hash-object`): what an approval is
 * bound to, computed from the text a shell already read, so the bot (which
 * keeps no clone) and the Action agree with git itself. SHA-1 unless the
 * repository's object format is SHA-256 (`objectIdAlgorithm` of an id it gave).
 */
export function gitBlobId(content: string | Uint8Array, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return createHash(algorithm).update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/** Which hash made an object id: 40 hex digits are SHA-1, 64 are SHA-256. */
export function objectIdAlgorithm(id: string): 'sha1' | 'sha256' {
  return id.length === 64 ? 'sha256' : 'sha1';
}
