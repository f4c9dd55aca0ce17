/**
 * Bare repositories served over real HTTP: `git http-backend` (the CGI
 * program that ships with git) behind a node:http server on 127.0.0.1 that
 * refuses every request without the expected `Authorization` header (401
 * with a Basic challenge, as GitHub answers), so a test can tell a push that
 * authenticated from one that did not.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

export interface ServedRequest {
  method: string;
  path: string;
  authorized: boolean;
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>/`, the scope an extraheader is configured for. */
  origin: string;
  /** The URL of a bare repository under the served root, e.g. url('remote.git'). */
  url(repo: string): string;
  requests: ServedRequest[];
  close(): Promise<void>;
}

export interface GitHttpServerOptions {
  /** The folder whose bare repositories are served. */
  root: string;
  /** The one Basic credential accepted: base64 of `user:password`. */
  basicCredential: string;
  /** Runs before each request is answered, while the client git is still waiting on it. */
  onRequest?: (req: IncomingMessage) => void;
}

export async function startGitHttpServer(o: GitHttpServerOptions): Promise<GitHttpServer> {
  const requests: ServedRequest[] = [];
  const server = createServer((req, res) => {
    o.onRequest?.(req);
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const authorized = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] === o.basicCredential;
    requests.push({ method: req.method ?? '', path, authorized });
    if (!authorized) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="okstra-test"', 'content-type': 'text/plain' });
      res.end('authentication required\n');
      return;
    }
    serveCgi(req, res, o.root, path, query);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the git HTTP server has no port');
  const origin = `http://127.0.0.1:${address.port}/`;
  return {
    origin,
    url: (repo) => `${origin}${repo}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function serveCgi(req: IncomingMessage, res: ServerResponse, root: string, path: string, query: string): void {
  const header = (name: string): string => String(req.headers[name] ?? '');
  const cgi = spawn(HTTP_BACKEND, [], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      // http-backend serves receive-pack only to an authenticated user.
      REMOTE_USER: 'x-access-token',
      REMOTE_ADDR: '127.0.0.1',
      PATH_INFO: decodeURIComponent(path),
      REQUEST_METHOD: req.method ?? 'GET',
      QUERY_STRING: query,
      CONTENT_TYPE: header('content-type'),
      HTTP_CONTENT_ENCODING: header('content-encoding'),
      GIT_PROTOCOL: header('git-protocol'),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  req.pipe(cgi.stdin);
  const chunks: Buffer[] = [];
  cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
  cgi.on('close', () => {
    const out = Buffer.concat(chunks);
    let split = out.indexOf('\r\n\r\n');
    let sep = 4;
    if (split < 0) {
      split = out.indexOf('\n\n');
      sep = 2;
    }
    if (split < 0) {
      res.writeHead(502).end('git http-backend wrote no headers\n');
      return;
    }
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of out.subarray(0, split).toString('utf8').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.end(out.subarray(split + sep));
  });
}

/** The command lines of every process on this machine that hold one of `needles` (what any user could read in /proc). */
export function commandLinesContaining(needles: readonly string[]): string[] {
  const hits: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue; // the process ended meanwhile
    }
    if (needles.some((n) => cmdline.includes(n))) hits.push(`${pid}: ${cmdline}`);
  }
  return hits;
}

/** The command lines of the git processes running now (the pushing git and its remote helper, while a request is held). */
export function gitCommandLines(): string[] {
  return commandLinesContaining(['git']).filter((l) =>
    /(^|\/| )git(-remote-https?)?( |$)/.test(l.split(': ')[1] ?? ''),
  );
}
