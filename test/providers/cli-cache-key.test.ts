import { describe, expect, it } from 'vitest';
import { BUILTIN_PROVIDERS, type BuiltinProvider } from '../../src/core/config/schema.js';
import { agentClisCacheKey, pinsHash, runnerPlatform } from '../../src/providers/cli-cache-key.js';
import { AGENT_CLI_PINS, type AgentCliPin } from '../../src/providers/cli-pins.js';

const linux = { os: 'Linux', arch: 'X64' };

describe('agentClisCacheKey', () => {
  it('names the runner OS and architecture and a short hash of the pins', () => {
    const key = agentClisCacheKey(linux);
    expect(key).toMatch(/^okstra-agent-clis-Linux-X64-[0-9a-f]{16}$/);
    expect(key.endsWith(pinsHash(AGENT_CLI_PINS))).toBe(true);
    // The same inputs give the same key: a cache saved by one job is found by the next.
    expect(agentClisCacheKey({ ...linux })).toBe(key);
    expect(agentClisCacheKey({ os: 'Linux', arch: 'ARM64' })).not.toBe(key);
    expect(agentClisCacheKey({ os: 'macOS', arch: 'X64' })).not.toBe(key);
  });

  it('changes when any pin changes, package or version, and not with the order the pins are listed in', () => {
    const base = agentClisCacheKey(linux);
    const seen = new Set([base]);
    for (const ref of BUILTIN_PROVIDERS) {
      const pin = AGENT_CLI_PINS[ref];
      for (const changed of [
        { ...pin, version: `${pin.version}-next` },
        { ...pin, package: `${pin.package}-fork` },
      ]) {
        const key = agentClisCacheKey(linux, { ...AGENT_CLI_PINS, [ref]: changed });
        expect(key, `${ref} ${changed.package}@${changed.version}`).not.toBe(base);
        seen.add(key);
      }
    }
    // Every change gave a key of its own.
    expect(seen.size).toBe(1 + BUILTIN_PROVIDERS.length * 2);

    const reversed = Object.fromEntries(
      [...BUILTIN_PROVIDERS].reverse().map((ref) => [ref, AGENT_CLI_PINS[ref]]),
    ) as Record<BuiltinProvider, AgentCliPin>;
    expect(agentClisCacheKey(linux, reversed)).toBe(base);
  });

  it('refuses an OS or architecture that cannot be part of a cache key, naming it', () => {
    expect(() => agentClisCacheKey({ os: 'Linux,Windows', arch: 'X64' })).toThrow(
      'cannot name the agent CLI cache: the runner OS "Linux,Windows" is not a short word',
    );
    expect(() => agentClisCacheKey({ os: 'Linux', arch: '' })).toThrow('the runner architecture ""');
  });
});

describe('runnerPlatform', () => {
  it("takes the runner's own words, else derives the same ones from Node's platform and architecture", () => {
    expect(runnerPlatform({ RUNNER_OS: 'Linux', RUNNER_ARCH: 'ARM64' }, { platform: 'darwin', arch: 'x64' })).toEqual({
      os: 'Linux',
      arch: 'ARM64',
    });
    expect(runnerPlatform({}, { platform: 'linux', arch: 'x64' })).toEqual({ os: 'Linux', arch: 'X64' });
    expect(runnerPlatform({}, { platform: 'darwin', arch: 'arm64' })).toEqual({ os: 'macOS', arch: 'ARM64' });
    expect(runnerPlatform({ RUNNER_OS: '' }, { platform: 'win32', arch: 'ia32' })).toEqual({
      os: 'Windows',
      arch: 'X86',
    });
  });
});
