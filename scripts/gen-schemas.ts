// Writes the committed JSON Schemas in schemas/ from their zod models
// (src/core/report/json-schema.ts). With --check, writes nothing and exits 1
// when a committed file differs from a fresh generation, so drift fails CI.
//
//   npx tsx scripts/gen-schemas.ts           regenerate
//   npx tsx scripts/gen-schemas.ts --check   verify
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_SOURCES, schemaFileText, type SchemaFileName } from '../src/core/report/json-schema.js';

const schemasDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

export function staleSchemaFiles(dir = schemasDir): SchemaFileName[] {
  const names = Object.keys(SCHEMA_SOURCES) as SchemaFileName[];
  return names.filter((name) => {
    const path = join(dir, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== schemaFileText(name);
  });
}

function main(argv: readonly string[]): number {
  if (argv.includes('--check')) {
    const stale = staleSchemaFiles();
    if (stale.length > 0) {
      console.error(
        `schemas/ is out of date (${stale.join(', ')}). Run \`npx tsx scripts/gen-schemas.ts\` and commit the result.`,
      );
      return 1;
    }
    console.log('schemas/ is up to date');
    return 0;
  }
  for (const name of Object.keys(SCHEMA_SOURCES) as SchemaFileName[]) {
    writeFileSync(join(schemasDir, name), schemaFileText(name));
    console.log(`wrote schemas/${name}`);
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
