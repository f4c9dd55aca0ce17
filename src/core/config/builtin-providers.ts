/**
 * The built-in providers, on their own (schema.ts re-exports them): what
 * needs only their names — the job's cli-cache-key step, the CLI pins — does
 * not load zod and the config schema for them.
 */
export const BUILTIN_PROVIDERS = ['claude', 'codex', 'gemini', 'copilot'] as const;
export type BuiltinProvider = (typeof BUILTIN_PROVIDERS)[number];
