/**
 * Paths as okstra reads them from git and find: one character per byte
 * (latin1), so a name that is not UTF-8 survives. A program's argument is
 * a string Node encodes as UTF-8, so such a path can be passed on only when
 * its bytes are UTF-8; otherwise the caller must not pass it at all.
 */

/** The argument string that hands a program exactly `path`'s bytes, or null when they are not UTF-8. */
export function pathArgument(path: string): string | null {
  // eslint-disable-next-line no-control-regex -- ASCII is every byte below 0x80
  if (/^[\x00-\x7f]*$/.test(path)) return path;
  const bytes = Buffer.from(path, 'latin1');
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : null;
}
