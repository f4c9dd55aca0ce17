import type { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { GoogleAuth } from 'google-auth-library';
import type { ProviderConfig } from '../core/config/schema.js';
import { bedrockRuntimeUrl } from '../sandbox/gateway/bedrock-url.js';
import { vertexHost, vertexUrl } from '../sandbox/gateway/vertex.js';
import type { AwsCredentials, PlatformAccess } from '../sandbox/gateway/index.js';
import { defaultEntraToken } from './azure-token.js';
import type { EnvSource } from './env.js';

/**
 * A provider configured `via:` a cloud platform: where the gateway sends its
 * calls, and the credentials only okstra's process holds for it. The agent's
 * CLI gets the gateway's route and its dispatch credential, as with an API
 * key; what the platform needs (a SigV4 signature) the gateway adds.
 */
export interface PlatformRoute {
  access: PlatformAccess;
  /**
   * A platform reached with a key (Azure OpenAI): which variable holds it, and its value (null when unset). Null
   * also for Azure OpenAI with a Microsoft Entra token, which the access carries.
   */
  key: { name: string; value: string | null } | null;
  /** The platform endpoint (the config's baseUrl overrides it, e.g. a VPC endpoint or a test server). */
  upstream: string;
}

/**
 * The platform of `config`, or null when it names none. AWS credentials come
 * from okstra's environment as `aws-actions/configure-aws-credentials` sets
 * them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); with no
 * key there, from the AWS SDK's default chain (a web identity token file,
 * SSO, an instance or container role).
 */
export function platformRoute(
  config: ProviderConfig | undefined,
  env: EnvSource,
  cli: string = 'claude',
): PlatformRoute | null {
  if (config?.via === 'azure' && config.baseUrl !== undefined) {
    const name = config.apiKeyEnv ?? AZURE_KEY_ENV;
    const value = env[name]?.trim() ?? '';
    // A key when there is one; else a Microsoft Entra token (what azure/login leaves: the Azure CLI signed in).
    if (value !== '' || config.apiKeyEnv !== undefined)
      return { access: { kind: 'azure' }, key: { name, value: value === '' ? null : value }, upstream: config.baseUrl };
    return { access: { kind: 'azure', accessToken: defaultEntraToken() }, key: null, upstream: config.baseUrl };
  }
  if (config?.region === undefined) return null;
  if (config.via === 'bedrock')
    return {
      access: { kind: 'bedrock', region: config.region, credentials: awsCredentials(env) },
      key: null,
      upstream: config.baseUrl ?? bedrockRuntimeUrl(config.region),
    };
  if (config.via === 'vertex' && config.projectId !== undefined)
    return {
      access: { kind: 'vertex', region: config.region, projectId: config.projectId, accessToken: googleToken(env) },
      key: null,
      // Claude Code's base URL carries the version; Gemini CLI's SDK adds `/v1beta1` to every path itself.
      upstream: config.baseUrl ?? (cli === 'gemini' ? vertexHost(config.region) : vertexUrl(config.region)),
    };
  return null;
}

/** Where an Azure OpenAI resource's key is read from unless `apiKeyEnv` names another variable. */
export const AZURE_KEY_ENV = 'AZURE_OPENAI_API_KEY';

/** OAuth scope of Vertex AI calls. */
const CLOUD_PLATFORM = 'https://www.googleapis.com/auth/cloud-platform';

/**
 * One GoogleAuth per credentials file (it caches the token and refreshes it before it expires). The library (and the
 * AWS SDK's chain below) loads on the first token asked for: every Action step and stage would otherwise compile
 * them before its claim, cloud or not.
 */
const googleClients = new Map<string, Promise<GoogleAuth>>();

/**
 * Application Default Credentials: the file `GOOGLE_APPLICATION_CREDENTIALS`
 * names in okstra's environment (what `google-github-actions/auth` writes: a
 * workload identity federation config from the job's OIDC token), else
 * google-auth-library's own chain (gcloud's, the metadata server).
 */
function googleToken(env: EnvSource): () => Promise<string> {
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS?.trim() ?? '';
  return async () => {
    let auth = googleClients.get(keyFile);
    if (!auth) {
      auth = import('google-auth-library').then(
        ({ GoogleAuth }) =>
          new GoogleAuth({ scopes: [CLOUD_PLATFORM], ...(keyFile !== '' ? { keyFilename: keyFile } : {}) }),
      );
      googleClients.set(keyFile, auth);
    }
    const token = await (await auth).getAccessToken();
    if (!token) throw new Error('okstra: Application Default Credentials gave no access token for Vertex AI');
    return token;
  };
}

function awsCredentials(env: EnvSource): () => Promise<AwsCredentials> {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim() ?? '';
  if (accessKeyId !== '' && secretAccessKey !== '') {
    const sessionToken = env.AWS_SESSION_TOKEN?.trim() ?? '';
    // Read from the environment okstra was given (which tests replace), not process.env as the SDK's fromEnv does.
    const fixed: AwsCredentials = { accessKeyId, secretAccessKey, ...(sessionToken !== '' ? { sessionToken } : {}) };
    return () => Promise.resolve(fixed);
  }
  return async () => {
    sharedChain ??= import('@aws-sdk/credential-provider-node').then(({ defaultProvider }) => defaultProvider());
    return (await sharedChain)();
  };
}

/**
 * One SDK default chain (what fromNodeProviderChain wraps) per process: it caches what it resolved and resolves
 * again shortly before expiry, so dispatches share one assumed-role session instead of one STS call each.
 */
let sharedChain: Promise<ReturnType<typeof defaultProvider>> | undefined;

/** The sentence a user needs when a platform cannot be used for this dispatch. */
export function platformWithoutGateway(name: string, via: string): string {
  return `providers.${name}.via: ${via} needs okstra's model gateway, which authenticates each request: the cloud credentials are never given to the agent`;
}
