import { createServer } from 'node:http';

/** Where attacking stand-ins send what they found: an HTTP server on 127.0.0.1 keeping each JSON body it gets. */
export interface LootCollector<T> {
  url: string;
  loot: T[];
  close(): Promise<void>;
}

export async function startCollector<T>(): Promise<LootCollector<T>> {
  const loot: T[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      loot.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/loot`,
    loot,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
