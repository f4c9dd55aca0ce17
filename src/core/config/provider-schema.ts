import { z } from 'zod';
import { BUILTIN_PROVIDERS } from './builtin-providers.js';

/**
 * One entry under `providers:` in `.okstra/config.yml`, and the checks of the
 * platforms a provider is reached through (`via: bedrock | vertex | azure`):
 * which built-in each serves and what each needs, with one error per
 * misconfiguration at its key.
 */

export const minutes = z
  .number()
  .positive()
  .max(24 * 60);

/** A CLI's turn limit (model round trips of one session); the ceiling only catches typos such as 30000. */
export const turns = z.number().int().positive().max(10_000);

const RoleTurnsSchema = z.strictObject({
  executor: turns.optional().describe('the executor session'),
  verifier: turns.optional().describe('every read-only session: verifiers, re-verifies, the critic'),
});

export const ProviderConfigSchema = z
  .strictObject({
    /** For a named command provider: the program and its arguments (run without a shell). */
    command: z.string().min(1).optional(),
    /**
     * For a named provider that runs a built-in agent CLI under its own name and settings: a second worker of
     * the same CLI with another model (Copilot CLI serves several vendors' models, so two Copilot workers can
     * verify each other across vendors).
     */
    cli: z
      .enum(BUILTIN_PROVIDERS)
      .optional()
      .describe('the built-in agent CLI this provider runs (claude, codex, gemini or copilot), under its own name'),
    /** Roster name prefix: `Aider` gives `Aider worker`. */
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$/, 'letters, digits, spaces, ".", "_" or "-"')
      .optional(),
    model: z.string().min(1).optional(),
    /** An API gateway or proxy the CLI should talk to instead of the vendor's endpoint. */
    baseUrl: z.url().optional(),
    /**
     * Copilot CLI only: which OpenAI wire API `baseUrl` speaks in bring-your-own-key mode. `completions` (Chat
     * Completions) for endpoints without the Responses API, such as GitHub Models.
     */
    wireApi: z
      .enum(['responses', 'completions'])
      .optional()
      .describe('Copilot CLI: the OpenAI wire API of baseUrl, responses (default) or completions'),
    /**
     * A cloud platform the provider's model is reached through instead of the
     * vendor's API: `bedrock` (Claude on Amazon Bedrock, signed by okstra's
     * gateway with the job's AWS credentials), `vertex` (Claude or Gemini on
     * Google Vertex AI, an ADC access token), `azure` (Codex on Azure OpenAI,
     * a key or a Microsoft Entra token).
     */
    via: z
      .enum(['bedrock', 'vertex', 'azure'])
      .optional()
      .describe('a cloud platform instead of the vendor API: bedrock (claude), vertex (claude, gemini), azure (codex)'),
    /** The platform's region: us-east-1 for Bedrock, us-east5 or global for Vertex AI. */
    region: z.string().min(1).optional().describe('the cloud platform region (with via)'),
    /** Vertex AI: the Google Cloud project the models are enabled in. */
    projectId: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'a Google Cloud project id such as my-project-123')
      .optional()
      .describe('the Google Cloud project (with via: vertex)'),
    /** The environment variable that holds this provider's API key. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name such as ANTHROPIC_API_KEY')
      .optional(),
    timeoutMinutes: minutes.optional(),
    /** Over `limits.turns` for this provider only: one number for every role, or per role. Codex has no turn limit and ignores it. */
    maxTurns: z
      .union([turns, RoleTurnsSchema], {
        error: 'a whole number of turns from 1 to 10000, or per role: {executor: N, verifier: N}',
      })
      .optional()
      .describe('turn limit of this provider’s sessions, over limits.turns (Codex has none)'),
  })
  .describe('one agent provider');

/** Which built-ins each platform serves. */
const PLATFORM_PROVIDERS = { bedrock: ['claude'], vertex: ['claude', 'gemini'], azure: ['codex'] } as const;
const PRODUCT = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' } as const;

/** Whose models a provider's platform serves, for an error message. */
function vendorOf(name: string): string {
  return name === 'gemini' ? 'Gemini' : 'Claude';
}

function servedBy(via: keyof typeof PLATFORM_PROVIDERS): string {
  const served = PLATFORM_PROVIDERS[via];
  return `${served.map((p) => PRODUCT[p]).join(' and ')} only (${served.map((p) => `providers.${p}`).join(', ')})`;
}

/** What each platform's region looks like, and an example for the error. */
const REGION_SHAPES = {
  bedrock: { pattern: /^[a-z]{2}(?:-[a-z]+)+-\d+$/, example: 'an AWS region such as us-east-1' },
  vertex: {
    pattern: /^(?:global|us|eu|[a-z]+-[a-z]+\d+)$/,
    example: 'a Vertex AI location such as us-east5 or global',
  },
} as const;

type ProviderSettings = z.output<typeof ProviderConfigSchema>;

/** Which provider each platform serves, and what it needs: one clear error per misconfiguration, at its key. */
export function checkPlatforms(providers: Record<string, ProviderSettings>, ctx: z.RefinementCtx): void {
  for (const [name, config] of Object.entries(providers)) {
    const issue = (key: string, message: string): void => ctx.addIssue({ code: 'custom', path: [name, key], message });
    const via = config.via;
    if (via === undefined) {
      if (config.region !== undefined) issue('region', 'region only applies with via (e.g. via: bedrock)');
      if (config.projectId !== undefined) issue('projectId', 'projectId only applies with via: vertex');
      continue;
    }
    if (!(PLATFORM_PROVIDERS[via] as readonly string[]).includes(name))
      issue('via', `via: ${via} is for ${servedBy(via)}, not ${name}`);
    if (via === 'azure') {
      if (config.baseUrl === undefined)
        issue(
          'via',
          'via: azure needs baseUrl, your resource’s endpoint, e.g. https://my-resource.openai.azure.com/openai/v1',
        );
      if (config.region !== undefined)
        issue('region', 'region does not apply with via: azure (baseUrl names the resource)');
      if (config.projectId !== undefined) issue('projectId', 'projectId only applies with via: vertex');
      continue;
    }
    const shape = REGION_SHAPES[via];
    if (config.region === undefined) issue('via', `via: ${via} needs a region, ${shape.example} (region: …)`);
    else if (!shape.pattern.test(config.region)) issue('region', `expected ${shape.example}`);
    if (via === 'vertex' && config.projectId === undefined)
      issue(
        'via',
        `via: vertex needs projectId, the Google Cloud project your ${vendorOf(name)} models are enabled in`,
      );
    if (via === 'bedrock' && config.projectId !== undefined)
      issue('projectId', 'projectId only applies with via: vertex');
    if (config.apiKeyEnv !== undefined)
      issue(
        'apiKeyEnv',
        `does not apply with via: ${via}: okstra authenticates each request with the job's ${via === 'bedrock' ? 'AWS credentials (AWS_ACCESS_KEY_ID, …)' : 'Application Default Credentials'}`,
      );
  }
}

export type ProviderConfig = z.output<typeof ProviderConfigSchema>;
