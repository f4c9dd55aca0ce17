import type { BudgetsConfig, ModelPrice } from '../../core/config/schema.js';
import type { BudgetScope, HeadroomRow } from '../../core/usage/index.js';

/**
 * The model gateway's types (see index.ts), in their own module so server.ts
 * can use them while index.ts re-exports both without an import cycle.
 */

export interface GatewayOptions {
  /** Config overrides (`pricing:`), merged over the built-in table. */
  pricing: Readonly<Record<string, ModelPrice>>;
  budgets: BudgetsConfig;
  /** Spend of this plan before this run (read by the caller from the ledger's reports). */
  planSpentBefore?: { tokens: number; usd: number | null };
  /** The part of that spend made today (UTC), for `budgets.day`. */
  daySpentBefore?: { tokens: number; usd: number | null };
  /** Total time retries of one request may take. Default 120_000 ms. */
  retryBudgetMs?: number;
  /** Largest request body accepted (413 beyond). Default 32 MiB. */
  maxRequestBytes?: number;
  /** Clock in ms, also used to read `Retry-After` dates. Default `Date.now`. */
  now?: () => number;
  /** For tests (fast retries). */
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export interface DispatchGrant {
  /** Roster name, e.g. "Codex worker". */
  worker: string;
  /** executor | verifier | reverify | critic | planner */
  role: string;
  /** claude | codex | gemini | a command provider's name */
  provider: string;
  /** Upstream base URL, e.g. https://api.anthropic.com, https://api.openai.com/v1, https://generativelanguage.googleapis.com, or the config's baseUrl. */
  upstream: string;
  /** The real credential; the gateway puts it where the agent put its dispatch credential. Empty with {@link platform}. */
  realKey: string;
  /** `subscription`: the credential is a plan's token, not a pay-as-you-go key: its requests spend no money (priced at $0, marked so). */
  billing?: 'subscription';
  /** A cloud platform instead of an API key: the gateway authenticates each request to it itself. */
  platform?: PlatformAccess;
}

export interface DispatchLease {
  /** What the CLI is configured with as its base URL: `${gateway.url}/d/<id>`; the path after the prefix is appended to `upstream`. */
  readonly baseUrl: string;
  /** A fresh random credential (`okstra-dispatch-` + 32 random bytes, base64url) the CLI sends instead of the real key. */
  readonly credential: string;
  /** Revokes the credential (later requests get 401) and returns what this dispatch did. Idempotent. */
  close(): DispatchSummary;
}

export interface DispatchUsageTotals {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  /** Null when some metered request's model has no price. */
  costUsd: number | null;
}

export interface BudgetRefusal {
  scope: BudgetScope;
  limit: string;
  spent: string;
  message: string;
  /** The request's worst-case cost that did not fit (absent when the limit was already reached or could not be enforced). */
  reservation?: string;
  /** What was left under the limit when the request came. */
  headroom?: string;
}

/** The budgets' state at the end of a run, for the report. */
export interface GatewayBudgets {
  headroom: HeadroomRow[];
  /** The largest reservation refused, with the headroom it did not fit in. */
  largestRefused: { worker: string; scope: BudgetScope; reservation: string; headroom: string } | null;
}

export interface DispatchSummary {
  requests: GatewayRecord[];
  /** Null when no request carried usage. */
  usage: DispatchUsageTotals | null;
  /** Set when the gateway refused a request of this dispatch for a budget (the first such refusal). */
  budgetExceeded: BudgetRefusal | null;
  /** The final upstream failure (status and message from the body, scrubbed of the real key), when the last request failed. */
  upstreamError: { status: number | null; message: string } | null;
}

export interface GatewayRecord {
  worker: string;
  role: string;
  provider: string;
  model: string | null;
  /** The path the agent asked for after its `/d/<id>` prefix, without the query. */
  path: string;
  method: string;
  /** Final HTTP status sent to the agent (null: nothing was sent, the agent went away first). */
  status: number | null;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  /** Whether the API's response reported usage; false for refusals, errors and streams cut short before their usage. */
  metered: boolean;
  /** Null: unknown (a model with no price, or a successful response that reported no usage); 0 for what the API does not bill. */
  costUsd: number | null;
  durationMs: number;
  /** When the first body byte went to the agent. */
  firstByteMs: number | null;
  retries: number;
  refused?: 'budget' | 'credential';
  /** Billed to a subscription: its cost is the plan's, not metered in money (costUsd 0). */
  billing?: 'subscription';
  /** What went wrong, in one line (never holds the real key). */
  error?: string;
}

export interface SpendTotals {
  tokens: number;
  usd: number | null;
}

export interface Gateway {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  open(grant: DispatchGrant): DispatchLease;
  records(): readonly GatewayRecord[];
  /** Spend of this stage run (every dispatch of this gateway), in all and per roster worker. */
  totals(): SpendTotals & { byWorker: Record<string, SpendTotals> };
  /** What is left under each limit, and the largest reservation refused. */
  budgets(): GatewayBudgets;
  close(): Promise<void>;
}

/** AWS credentials as the AWS SDK resolves them (a session token with OIDC-assumed roles). */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/**
 * A cloud platform the gateway reaches with credentials only okstra holds,
 * instead of a vendor API key: Amazon Bedrock, signed with SigV4.
 */
export interface BedrockAccess {
  kind: 'bedrock';
  region: string;
  /** Resolves (and refreshes) the job's AWS credentials; called for each signature. */
  credentials: () => Promise<AwsCredentials>;
}

/** Google Vertex AI, with an OAuth access token from Application Default Credentials. */
export interface VertexAccess {
  kind: 'vertex';
  region: string;
  projectId: string;
  /** A current access token (google-auth-library caches and refreshes it); called for each request. */
  accessToken: () => Promise<string>;
}

/**
 * Azure OpenAI: the resource's key (the grant's `realKey`) in Azure's `api-key` header, or, with `accessToken`, a
 * Microsoft Entra token as `Authorization: Bearer` (the grant then has no key).
 */
export interface AzureAccess {
  kind: 'azure';
  /** A current Entra token for Cognitive Services (cached and renewed by its source); called for each request. */
  accessToken?: () => Promise<string>;
}

export type PlatformAccess = BedrockAccess | VertexAccess | AzureAccess;
