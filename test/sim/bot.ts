/**
 * The bot shell of the simulation: a real Probot with the okstra app,
 * behind its own HTTP server (Probot's node middleware), talking to the
 * simulated GitHub through `baseUrl`. Deliveries are POSTed as GitHub sends
 * them (JSON, event and delivery headers, HMAC-SHA256 signature). Probot
 * answers 202 when handlers take longer than 9 s, so a delivery is known to
 * be over only when its handler returns: each handler is wrapped to say so.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createNodeMiddleware, Probot, ProbotOctokit, type ApplicationFunction } from 'probot';
import { createOkstraApp } from '../../bot/index.js';
import { withOkstraWritePacing } from '../../bot/lib/octokit.js';
import { APP_ID } from './json.js';

const SECRET = 'okstra-sim-webhook-secret';

// A throwaway key: Probot signs its App JWT with it; the simulation only checks the JWT's shape.
const PRIVATE_KEY = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
}).privateKey;

/**
 * The App's Octokit as `npm start` makes it (bot/lib/octokit.ts: okstra's write pacing, so the bench's hops are the
 * ones a real App takes) without retries: the simulation answers at once and never with a server error.
 */
class SimOctokit extends ProbotOctokit {
  constructor(options: ConstructorParameters<typeof ProbotOctokit>[0] = {}) {
    super(withOkstraWritePacing({ ...options, retry: { enabled: false } }));
  }
}

export interface Delivery {
  id: string;
  event: string;
  action: string | null;
  /** Probot's HTTP answer: 200 handled, 500 a handler threw, 202 still running after 9 s. */
  status: number | null;
  startedAt: number;
  endedAt: number | null;
}

export interface BotShell {
  deliveries: Delivery[];
  /** What the bot logged (messages only). */
  logs: string[];
  deliver(event: string, payload: Record<string, unknown>): Promise<Delivery>;
  close(): Promise<void>;
}

function captureLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() === '') continue;
        const parsed = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        lines.push(String(parsed.msg ?? parsed.err?.message ?? line));
      }
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

export async function startBotShell(o: { apiUrl: string; now?: () => Date }): Promise<BotShell> {
  const logs: string[] = [];
  const deliveries: Delivery[] = [];
  const handled = new Map<string, () => void>();
  const probot = new Probot({
    appId: APP_ID,
    privateKey: PRIVATE_KEY,
    secret: SECRET,
    Octokit: SimOctokit,
    baseUrl: o.apiUrl,
    log: captureLogger(logs),
  });
  const okstra = createOkstraApp(o.now ? { now: o.now } : {});
  // Each handler the app registers tells when it is done with a delivery (context.id is the delivery's id).
  const tracked: ApplicationFunction = (app, options) => {
    type On = typeof app.on;
    const on = app.on.bind(app);
    const wrapped = ((event: Parameters<On>[0], handler: (context: { id: string }) => Promise<void>) =>
      on(event, async (context) => {
        try {
          await handler(context);
        } finally {
          handled.get(context.id)?.();
        }
      })) as unknown as On;
    const view = new Proxy(app, {
      get: (target, key) => {
        if (key === 'on') return wrapped;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return okstra(view, options);
  };
  const middleware = await createNodeMiddleware(tracked, { probot });
  const server: Server = createServer((req, res) => {
    void middleware(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the bot server has no port');
  const url = `http://127.0.0.1:${address.port}/api/github/webhooks`;
  let n = 0;

  return {
    deliveries,
    logs,
    deliver: async (event, payload) => {
      const id = `sim-delivery-${++n}`;
      const d: Delivery = {
        id,
        event,
        action: typeof payload.action === 'string' ? payload.action : null,
        status: null,
        startedAt: Date.now(),
        endedAt: null,
      };
      deliveries.push(d);
      const done = new Promise<void>((r) => handled.set(id, r));
      const body = JSON.stringify(payload);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': event,
          'x-github-delivery': id,
          'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
        },
        body,
      });
      await res.text();
      d.status = res.status;
      // 202: the handler still runs; anything else: it has returned (or none was registered for the event).
      if (res.status === 202) await done;
      handled.delete(id);
      d.endedAt = Date.now();
      return d;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
