#!/usr/bin/env node
// Bundles the Action (main and post step, with their shared chunks) and the
// CLI into dist/. With --check, bundles into a temporary folder and fails when
// the committed dist/ differs, so a stale bundle can never ship.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const entryPoints = {
  index: join(root, 'src/action/index.ts'),
  // The Action's post step (action.yml `runs.post`): releases claims a cancelled or crashed job left open.
  post: join(root, 'src/action/post.ts'),
  cli: join(root, 'src/cli/main.ts'),
  // The bot's `npm start` (bot/main.ts): Probot's server running the okstra app.
  bot: join(root, 'bot/main.ts'),
};

/**
 * `@actions/core` imports its OIDC client (and through it an HTTP client
 * with undici, ~800 KB) for `getIDToken`, which okstra never calls. Left in,
 * it is compiled and run on every start of the Action; this stub takes its
 * place, so the HTTP stack loads only with the GitHub client, when a run
 * calls the API.
 */
const withoutOidc = {
  name: 'okstra-without-actions-oidc',
  setup(b) {
    b.onResolve({ filter: /^\.\/oidc-utils\.js$/ }, (args) =>
      /[\\/]@actions[\\/]core[\\/]/.test(args.importer) ? { path: 'oidc-utils', namespace: 'okstra-stub' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'okstra-stub' }, () => ({
      contents:
        "export class OidcClient { static async getIDToken() { throw new Error('okstra does not bundle the OIDC client'); } }",
      loader: 'js',
    }));
  },
};

/**
 * zod's entry re-exports every locale's messages (`z.locales`, ~260 KB
 * minified, about half of zod in the bundle); okstra uses only English, which
 * zod configures itself through its own import of `locales/en.js`. Every
 * Action step compiles what it loads before its first useful line, so the
 * other locales are left out: `z.locales` holds `en` only.
 */
const onlyEnglishZod = {
  name: 'okstra-only-english-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? // Relative to the project: the path is written into the bundle, which must not depend on where the clone is.
          {
            path: relative(root, join(dirname(args.importer), '..', 'locales', 'en.js')),
            namespace: 'okstra-zod-locales',
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'okstra-zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      loader: 'js',
      resolveDir: dirname(join(root, args.path)),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [withoutOidc, onlyEnglishZod],
  // CommonJS dependencies call require() for Node built-ins; an ESM bundle needs one.
  banner: {
    js: "import { createRequire as __okstraCreateRequire } from 'node:module';\nconst require = __okstraCreateRequire(import.meta.url);",
  },
};

/**
 * The Action is started cold on every job, so its bundles are minified and
 * split: code only some runs need (the GitHub client and its HTTP stack,
 * loaded when a run calls the API) sits in chunks loaded on demand, and the
 * main and post steps share one copy of the rest. The CLI stays one readable
 * file.
 */
export async function bundle(outdir) {
  await build({
    ...common,
    entryPoints: { index: entryPoints.index, post: entryPoints.post },
    outdir,
    splitting: true,
    minify: true,
    chunkNames: 'chunk-[hash]',
  });
  await build({ ...common, entryPoints: { cli: entryPoints.cli }, outdir });
  // The bot runs on a server with `npm ci --omit=dev`: its dependencies (Probot loads files next to its
  // own modules) stay in node_modules and only okstra's code is bundled.
  await build({ ...common, entryPoints: { bot: entryPoints.bot }, outdir, packages: 'external' });
}

async function check() {
  const tmp = mkdtempSync(join(tmpdir(), 'okstra-dist-'));
  try {
    await bundle(tmp);
    const fresh = readdirSync(tmp).sort();
    const committed = existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')).sort() : [];
    const stale = [];
    for (const name of new Set([...fresh, ...committed])) {
      const a = existsSync(join(tmp, name)) ? readFileSync(join(tmp, name)) : null;
      const b = existsSync(join(root, 'dist', name)) ? readFileSync(join(root, 'dist', name)) : null;
      if (!a || !b || !a.equals(b)) stale.push(name);
    }
    // A bundle that names this clone's folder differs in every other clone, and so fails CI's check.
    const pathBound = fresh.filter((name) => readFileSync(join(tmp, name), 'utf8').includes(root));
    if (pathBound.length > 0) {
      console.error(
        `dist/ would name this clone's folder ${root} (${pathBound.join(', ')}): keep build paths relative.`,
      );
      process.exit(1);
    }
    if (stale.length > 0) {
      console.error(
        `dist/ is stale (${stale.join(', ')} differ from a fresh build). Run \`npm run build\` and commit dist/.`,
      );
      process.exit(1);
    }
    // Up to date here, but a bundle git does not track (a chunk whose name changed) is missing from every clone.
    const untracked = untrackedIn('dist');
    if (untracked.length > 0) {
      console.error(
        `dist/ holds files git does not track (${untracked.join(', ')}): \`git add dist/\` and commit them.`,
      );
      process.exit(1);
    }
    console.log('dist/ is up to date');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Files under `folder` that git does not track; none outside a git checkout (an unpacked package has no index). */
function untrackedIn(folder) {
  try {
    const out = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z', '--', folder], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((p) => p !== '');
  } catch {
    return [];
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) await check();
  else {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    await bundle(join(root, 'dist'));
  }
}
