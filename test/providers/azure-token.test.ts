import type { AccessToken, TokenCredential } from '@azure/identity';
import { describe, expect, it } from 'vitest';
import { COGNITIVE_SERVICES_SCOPE, entraTokenSource } from '../../src/providers/azure-token.js';

/** A credential that issues `t1`, `t2`, … each valid for an hour from the clock, and counts its calls. */
function countingCredential(clock: { now: number }): TokenCredential & { scopes: string[] } {
  const scopes: string[] = [];
  return {
    scopes,
    getToken(scope: string | string[]): Promise<AccessToken> {
      scopes.push(String(scope));
      return Promise.resolve({ token: `t${scopes.length}`, expiresOnTimestamp: clock.now + 3_600_000 });
    },
  };
}

describe('Microsoft Entra tokens for Azure OpenAI', () => {
  it('asks for the Cognitive Services audience once, and again only within five minutes of expiry', async () => {
    const clock = { now: 1_000_000 };
    const credential = countingCredential(clock);
    const token = entraTokenSource(credential, () => clock.now);
    expect(await token()).toBe('t1');
    clock.now += 54 * 60_000;
    expect(await token()).toBe('t1');
    clock.now += 2 * 60_000;
    expect(await token()).toBe('t2');
    expect(credential.scopes).toEqual([COGNITIVE_SERVICES_SCOPE, COGNITIVE_SERVICES_SCOPE]);
  });

  it('parallel requests share one call to the credential', async () => {
    const clock = { now: 0 };
    const credential = countingCredential(clock);
    const token = entraTokenSource(credential, () => clock.now);
    expect(await Promise.all([token(), token(), token()])).toEqual(['t1', 't1', 't1']);
    expect(credential.scopes).toHaveLength(1);
  });
});
