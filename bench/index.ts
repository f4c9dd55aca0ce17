// `npm run bench`: prints speed and memory figures. Targets are printed beside
// the measurements; nothing here fails a build.
import { benchPlan } from './plan.js';
import { benchLedger } from './ledger.js';
import { benchReport } from './report.js';
import { benchEngine } from './engine.js';
import { benchAction } from './action.js';
import { benchProviders } from './providers.js';
import { benchBot } from './bot.js';
import { benchScrub } from './scrub.js';
import { benchGateway } from './gateway.js';

const suites: Array<[string, () => Promise<string[]>]> = [
  ['plan', benchPlan],
  ['ledger', benchLedger],
  ['report', benchReport],
  ['engine', benchEngine],
  ['action', benchAction],
  ['providers', benchProviders],
  ['bot', benchBot],
  ['scrub', benchScrub],
  ['gateway', benchGateway],
];

const only = process.argv.slice(2);
for (const [name, run] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n## ${name}`);
  for (const line of await run()) console.log(line);
}
