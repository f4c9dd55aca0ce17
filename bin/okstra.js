#!/usr/bin/env node
// The published bin runs the bundled CLI so `npx okstra` needs no build step after `npm ci`.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
