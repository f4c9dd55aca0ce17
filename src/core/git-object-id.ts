import { createHash } from 'node:crypto';

/**
 * The id git gives a file's content (`git hash-object`, SHA-1 repositories):
 * what an approval is bound to, computed from the text a shell already read,
 * so the bot (which keeps no clone) and the Action agree with git itself.
 */
export function gitBlobId(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
