/**
 * The public Bedrock runtime endpoint of `region`. On its own, so a provider's
 * route (src/providers/platforms.ts) names it without loading the signer and
 * the event-stream codec, which only the gateway's upstream needs.
 */
export function bedrockRuntimeUrl(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}
