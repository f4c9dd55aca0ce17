/**
 * An incremental parser of server-sent events (the WHATWG event-stream
 * format): text goes in as it arrives, complete events come out. It never
 * throws. Unlike a browser, {@link SseParser.end} also hands over an event
 * the stream left without its closing blank line: metering keeps whatever
 * the API did send before it stopped.
 */

export interface SseMessage {
  event: string | null;
  data: string;
}

export interface SseParser {
  push(text: string): SseMessage[];
  /** The event still pending when the stream ended, if it has data. */
  end(): SseMessage[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  let event: string | null = null;
  let data: string[] = [];

  function line(text: string, out: SseMessage[]): void {
    if (text === '') {
      if (data.length > 0) out.push({ event, data: data.join('\n') });
      event = null;
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  }

  return {
    push(text) {
      buffer += text;
      const out: SseMessage[] = [];
      // A lone trailing \r may be the first half of \r\n: keep it for the next chunk.
      const pattern = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let m = pattern.exec(buffer); m !== null; m = pattern.exec(buffer)) {
        line(buffer.slice(start, m.index), out);
        start = m.index + m[0].length;
      }
      buffer = buffer.slice(start);
      return out;
    },
    end() {
      const out: SseMessage[] = [];
      if (buffer !== '') line(buffer.replace(/\r$/, ''), out);
      buffer = '';
      line('', out);
      return out;
    },
  };
}
