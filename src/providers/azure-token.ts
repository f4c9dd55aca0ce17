import type { AccessToken, TokenCredential } from '@azure/identity';

/**
 * Microsoft Entra ID access tokens for Azure OpenAI, for a resource reached
 * without a key. `azure/login` with OIDC (a federated credential on an app
 * registration, `permissions: id-token: write`) leaves the Azure CLI signed
 * in for the job and exports no token; @azure/identity reads that sign-in
 * (`az account get-access-token`), and equally a service principal's
 * variables (AZURE_CLIENT_ID, AZURE_TENANT_ID with a secret, a certificate or
 * a federated token file) or a self-hosted runner's managed identity. It
 * reads okstra's own environment; the agent's is built from nothing.
 */

/** The audience of Azure OpenAI and Azure AI Foundry's model endpoints. */
export const COGNITIVE_SERVICES_SCOPE = 'https://cognitiveservices.azure.com/.default';

/**
 * Renew this long before expiry. Tokens live about an hour; the Azure CLI
 * behind the default chain is a process start per call (hundreds of ms), so
 * one token serves every request until then.
 */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** A token source that asks `credential` only when the token it holds is near its end, one request at a time. */
export function entraTokenSource(
  credential: TokenCredential,
  now: () => number = Date.now,
  scope: string = COGNITIVE_SERVICES_SCOPE,
): () => Promise<string> {
  let held: AccessToken | null = null;
  let pending: Promise<AccessToken> | null = null;
  return async () => {
    if (held && held.expiresOnTimestamp - REFRESH_MARGIN_MS > now()) return held.token;
    pending ??= credential
      .getToken(scope)
      .then((token) => {
        if (!token)
          throw new Error('okstra: the Azure credential chain gave no Microsoft Entra token for Azure OpenAI');
        return token;
      })
      .finally(() => {
        pending = null;
      });
    held = await pending;
    return held.token;
  };
}

/** One default chain per process: the Azure CLI's sign-in is the job's, and the held token serves every dispatch. */
let shared: (() => Promise<string>) | undefined;

export function defaultEntraToken(): () => Promise<string> {
  shared ??= entraTokenSource(lazyDefaultCredential());
  return shared;
}

/**
 * The SDK is loaded at the first token, not with okstra: most runs never use Azure (it costs 0.1–0.5 s to load).
 * DefaultAzureCredential's sources in an order for CI: what the job set up explicitly (a service principal's or
 * workload identity's variables, then the Azure CLI's sign-in, which is what azure/login leaves) before the
 * machine's managed identity. DefaultAzureCredential asks the managed identity before the Azure CLI, so on a
 * runner that is an Azure VM with an identity of its own the token would be the VM's, not the job's sign-in.
 */
function lazyDefaultCredential(): TokenCredential {
  let credential: Promise<TokenCredential> | undefined;
  return {
    async getToken(scopes, options) {
      credential ??= import('@azure/identity').then(
        (azure) =>
          new azure.ChainedTokenCredential(
            new azure.EnvironmentCredential(),
            // Only when set up: unconfigured, it fails with an error that ends the chain instead of passing on.
            ...(process.env.AZURE_FEDERATED_TOKEN_FILE ? [new azure.WorkloadIdentityCredential()] : []),
            new azure.AzureCliCredential(),
            new azure.ManagedIdentityCredential(),
          ),
      );
      return (await credential).getToken(scopes, options);
    },
  };
}
