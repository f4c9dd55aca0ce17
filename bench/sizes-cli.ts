// The CLI as `okstra run` runs it, in its own process so its peak RSS is the run's alone: prints the exit code and
// the process's peak resident set (kB) as the last line on stderr, for bench/sizes.ts.
import { main } from '../src/cli/main.js';

const code = await main(process.argv.slice(2));
process.stderr.write(`\nSIZES-RESULT ${JSON.stringify({ exit: code, maxRssKb: process.resourceUsage().maxRSS })}\n`);
process.exitCode = code;
