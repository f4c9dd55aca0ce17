const PREFIX = 'okstra: ';

/**
 * A line okstra prints in its own name. Messages pass through several layers
 * (the engine, a shell, an error class) and some already name okstra; the
 * reader sees the name once, however many of them added it.
 */
export function okstraLine(message: string): string {
  let rest = message;
  while (rest.startsWith(PREFIX)) rest = rest.slice(PREFIX.length);
  return `${PREFIX}${rest}`;
}
