/**
 * JSON Schema compiles at run time in this process. The published schemas
 * are compiled by ajv at build time (scripts/gen-schemas.ts writes
 * schema/validators.generated.js), because compiling them on start cost about
 * 120 ms per process; so this stays 0. Benchmarks print it and a test asserts
 * it; a code path that compiles a schema at run time must call
 * countSchemaCompile, so the regression shows in both.
 */
let compiles = 0;

export function countSchemaCompile(): void {
  compiles += 1;
}

export function schemaCompileCount(): number {
  return compiles;
}
