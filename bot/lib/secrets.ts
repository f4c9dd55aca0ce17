import type { GitHubClient } from '../../src/github/client.js';
import { scrubRequests } from '../../src/github/client.js';
import { Scrubber } from '../../src/core/text/scrub.js';

/**
 * The App's own secrets, as Probot reads them from the environment: the
 * private key (PEM, with `\n` written as two characters, base64-encoded, or
 * in the file PRIVATE_KEY_PATH names), the webhook secret and the OAuth
 * client secret. The bot never sends them; scrubbing them from every request
 * keeps a bug (or a payload echoed back) from ever posting one.
 */
export function appSecrets(
  env: Readonly<Record<string, string | undefined>>,
  readKeyFile: (path: string) => string | null,
): string[] {
  const out: string[] = [];
  const key = env.PRIVATE_KEY?.trim();
  if (key) {
    out.push(key, key.replace(/\\n/g, '\n').trim());
    if (/^[A-Za-z0-9+/=\s]+$/.test(key)) {
      const decoded = Buffer.from(key, 'base64').toString('utf8');
      if (decoded.includes('-----BEGIN')) out.push(decoded);
    }
  }
  const path = env.PRIVATE_KEY_PATH?.trim();
  if (path) {
    const file = readKeyFile(path);
    if (file) out.push(file);
  }
  for (const name of ['WEBHOOK_SECRET', 'GITHUB_CLIENT_SECRET']) {
    const value = env[name]?.trim();
    if (value) out.push(value);
  }
  return [...new Set(out)];
}

const scrubbing = new WeakSet<object>();

/**
 * Scrubs every request of one delivery's client: the App's secrets (one
 * scrubber for the whole process, built once) and the installation token
 * this client authenticates with. Probot caches that token across
 * deliveries, so it is asked for (from the cache, or fetched once as the
 * first request would) rather than watched for; App routes (`/app/…`,
 * where the token itself is minted) are not made to wait for it.
 */
export function scrubDeliveryRequests(client: GitHubClient, app: Scrubber): void {
  if (scrubbing.has(client)) return;
  scrubbing.add(client);
  const own = new Scrubber();
  scrubRequests(client, { deep: (value) => own.deep(app.deep(value)) }, async ({ url }) => {
    if (own.size > 0 || url.startsWith('/app')) return;
    const auth: unknown = await client.auth({ type: 'installation' }).catch(() => null);
    const token = auth !== null && typeof auth === 'object' && 'token' in auth ? auth.token : null;
    // Without a token here the auth hook fails the request itself, with GitHub's reason.
    if (typeof token === 'string') own.add(token);
  });
}
