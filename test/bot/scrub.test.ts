import nock from 'nock';
import { Probot } from 'probot';
import { describe, expect, it } from 'vitest';
import { appSecrets, scrubDeliveryRequests } from '../../bot/lib/secrets.js';
import { Scrubber } from '../../src/core/text/scrub.js';
import type { GitHubClient } from '../../src/github/client.js';
import { echoForms, reveals } from '../helpers/canary.js';
import { API, INSTALLATION, PRIVATE_KEY, probotOptions, SECRET, useNock, validateIntercepted } from './harness.js';

useNock();

const TOKEN = 'ghs_installationTOKEN0123456789';

/** An installation client as Probot hands one to a delivery, with the bot's scrubbing installed. */
async function installationClient(app: Scrubber): Promise<GitHubClient> {
  const probot = new Probot(probotOptions([]));
  const client = (await probot.auth(INSTALLATION)) as unknown as GitHubClient;
  scrubDeliveryRequests(client, app);
  return client;
}

describe('bot: what it posts is scrubbed of the App secrets and the installation token', () => {
  it('learns the installation token (fetched once, as the first request would) and scrubs it, the webhook secret and the key in every form', async () => {
    const bodies: unknown[] = [];
    nock(API)
      .on('request', validateIntercepted)
      .post(`/app/installations/${INSTALLATION}/access_tokens`)
      .reply(201, { token: TOKEN, expires_at: '2099-01-01T00:00:00Z', permissions: {}, repository_selection: 'all' });
    nock(API)
      .on('request', validateIntercepted)
      .post('/repos/o/r/issues/1/comments', (b: unknown) => (bodies.push(b), true))
      .times(2)
      .reply(201, { id: 1 });
    const client = await installationClient(
      new Scrubber(appSecrets({ PRIVATE_KEY: PRIVATE_KEY.replace(/\n/g, '\\n'), WEBHOOK_SECRET: SECRET }, () => null)),
    );
    const leaky = [...Object.values(echoForms(TOKEN)), ...Object.values(echoForms(SECRET)), PRIVATE_KEY].join('\n');
    await client.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'o',
      repo: 'r',
      issue_number: 1,
      body: leaky,
    });
    await client.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 1, body: `again ${TOKEN}` });
    const sent = JSON.stringify(bodies);
    // The control: the same check finds each secret in what the bot was asked to post.
    for (const secret of [TOKEN, SECRET]) expect(reveals(leaky, secret)).toBe(true);
    for (const secret of [TOKEN, SECRET, PRIVATE_KEY.split('\n')[1] ?? PRIVATE_KEY])
      expect(reveals(sent, secret), secret.slice(0, 12)).toBe(false);
    expect(sent).toContain('again ***');
  });

  it('reads the App secrets the way Probot accepts them: PEM with escaped newlines, base64, a key file, the webhook secret', () => {
    const b64 = Buffer.from(PRIVATE_KEY).toString('base64');
    expect(appSecrets({ PRIVATE_KEY: PRIVATE_KEY.replace(/\n/g, '\\n') }, () => null)).toContain(PRIVATE_KEY.trim());
    expect(appSecrets({ PRIVATE_KEY: b64 }, () => null)).toEqual([b64, PRIVATE_KEY]);
    expect(
      appSecrets({ PRIVATE_KEY_PATH: '/k.pem', WEBHOOK_SECRET: ' s3cret-value ' }, (p) =>
        p === '/k.pem' ? 'file key' : null,
      ),
    ).toEqual(['file key', 's3cret-value']);
    expect(appSecrets({ PRIVATE_KEY_PATH: '/missing.pem' }, () => null)).toEqual([]);
  });
});
