import { describe, expect, it } from 'vitest';
import { byteSize, carryOverCap, keepFindings, stageSizeProblem } from '../../src/core/limits/sizes.js';
import { ConfigSchema } from '../../src/core/config/schema.js';
import { parseConfig } from '../../src/core/config/parse-config.js';

const LIMITS = ConfigSchema.parse({}).limits;

describe('size limits', () => {
  it('defaults: 64 KiB carry, 20,000 files and 200 MiB per stage, 200 findings per verifier', () => {
    expect(LIMITS).toMatchObject({
      carryBytes: 65_536,
      stageFiles: 20_000,
      stageBytes: 209_715_200,
      findingsPerVerifier: 200,
    });
  });

  it('a bad cap in .okstra/config.yml is refused with the file and the key', () => {
    const { config, errors } = parseConfig('limits:\n  stageFiles: 0\n  carryByte: 5\n', '.okstra/config.yml');
    expect(config).toBeNull();
    const text = errors.map((e) => `${e.path ?? ''} ${e.message} ${e.hint ?? ''}`).join('\n');
    expect(text).toMatch(/\.okstra\/config\.yml/);
    expect(text).toMatch(/stageFiles/);
    expect(text).toMatch(/carryBytes/);
  });

  it('byteSize speaks in binary units', () => {
    expect(byteSize(512)).toBe('512 bytes');
    expect(byteSize(64 * 1024)).toBe('64 KiB');
    expect(byteSize(9 * 1024 * 1024 + 1)).toBe('9 MiB');
    expect(byteSize(1536)).toBe('1.5 KiB');
  });

  it('a carry is measured in UTF-8 bytes: at the cap it fits, one byte over it does not', () => {
    expect(carryOverCap('a'.repeat(100), 100)).toBeNull();
    expect(carryOverCap('é'.repeat(50), 100)).toBeNull();
    expect(carryOverCap('é'.repeat(51), 100)).toMatch(/is 102 bytes \(102 bytes\), over the 100 bytes cap/);
  });

  it('the file count is judged first; bytes only when measured', () => {
    expect(stageSizeProblem(20_000, 209_715_200, LIMITS)).toBeNull();
    expect(stageSizeProblem(200_000, null, LIMITS)).toMatch(/changed 200000 files, over the cap of 20000/);
    expect(stageSizeProblem(1, 700 * 1024 * 1024, LIMITS)).toMatch(/hold 700 MiB .* over the 200 MiB cap/);
  });

  it('keepFindings keeps the most severe in their order and counts the rest', () => {
    const f = (severity: 'blocking' | 'major' | 'minor' | 'info', n: number) => ({ severity, n });
    const listed = [f('info', 1), f('minor', 2), f('blocking', 3), f('info', 4), f('major', 5), f('minor', 6)];
    expect(keepFindings(listed, 10)).toEqual({ kept: listed, dropped: 0 });
    expect(keepFindings(listed, 3)).toEqual({ kept: [f('minor', 2), f('blocking', 3), f('major', 5)], dropped: 3 });
    expect(keepFindings(listed, 1)).toEqual({ kept: [f('blocking', 3)], dropped: 5 });
    const many = Array.from({ length: 150_000 }, (_, i) => f(i === 149_999 ? 'blocking' : 'info', i));
    const { kept, dropped } = keepFindings(many, 200);
    expect(dropped).toBe(149_800);
    expect(kept).toHaveLength(200);
    expect(kept[199]).toEqual(f('blocking', 149_999));
  });
});
