// `npm start`: Probot's server (webhook signatures verified with WEBHOOK_SECRET) running the okstra app.
// Settings come from the environment and ./.env (which Probot loads and which overrides the shell); see docs/bot.md.
import { readFileSync } from 'node:fs';
import { run, type ApplicationFunction } from 'probot';
import { createOkstraApp } from './index.js';
import { OkstraProbotOctokit } from './lib/octokit.js';
import { appSecrets } from './lib/secrets.js';

const readKeyFile = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // Probot itself reports a key file it cannot read.
    return null;
  }
};

// Probot loads the app only once it has an App id and key (without them it serves the registration page instead),
// and by then it has applied ./.env, so this is where a missing secret can be caught.
const app: ApplicationFunction = (probot, options) => {
  const secret = process.env.WEBHOOK_SECRET;
  // Probot falls back to the public secret "development", with which anyone could sign a delivery.
  if (!secret || secret === 'development') {
    throw new Error(
      'WEBHOOK_SECRET is not set (or is "development"): set it to the webhook secret of the GitHub App (docs/bot.md)',
    );
  }
  // Built here, after Probot applied ./.env, so the secrets it scrubs are the ones the App runs with.
  return createOkstraApp({ secrets: appSecrets(process.env, readKeyFile) })(probot, options);
};

await run(app, { Octokit: OkstraProbotOctokit });
