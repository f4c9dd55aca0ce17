import type { ApplicationFunction } from 'probot';
import { Scrubber } from '../src/core/text/scrub.js';
import { handleEvent, TRIGGER_EVENTS, type EventRepository } from '../src/triggers/events.js';
import { botDeps, type AppEnv } from './handlers/deps.js';

/**
 * The okstra GitHub App: hands each event okstra subscribes to (app.yml)
 * to the shared route table (src/triggers/events.ts), with `TriggerDeps`
 * built from Probot's context. It keeps no state: everything it needs is on
 * GitHub (ledger branch, check runs, comments, run titles). The Action's
 * event mode runs the same table with the workflow's token.
 */
export interface AppOptions {
  now?: () => Date;
  /** The App's private key, webhook secret and the like (bot/lib/secrets.ts reads them from the environment). */
  secrets?: readonly string[];
}

export function createOkstraApp(options: AppOptions = {}): ApplicationFunction {
  const env: AppEnv = { now: options.now ?? (() => new Date()), scrub: new Scrubber(options.secrets ?? []) };
  return (app) => {
    for (const key of TRIGGER_EVENTS) {
      app.on(key, async (context) => {
        const payload = context.payload as { repository: EventRepository };
        await handleEvent(botDeps(context, payload.repository, env), key, payload);
      });
    }
  };
}

export default createOkstraApp();
