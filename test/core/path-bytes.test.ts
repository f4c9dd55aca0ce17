import { describe, expect, it } from 'vitest';
import { pathArgument } from '../../src/core/text/path-bytes.js';

describe('pathArgument', () => {
  it('passes ASCII as it is, gives UTF-8 bytes read one per character as their text, and refuses other bytes', () => {
    expect(pathArgument('src/a b*.ts')).toBe('src/a b*.ts');
    // "é" is 0xC3 0xA9 in UTF-8; git's latin1 reading gives the two characters Ã and ©.
    expect(pathArgument(Buffer.from('café/é.txt', 'utf8').toString('latin1'))).toBe('café/é.txt');
    // A lone 0xE9 (latin1 "é" on disk) is no UTF-8: no argument can carry it.
    expect(pathArgument(Buffer.from([0x61, 0xe9]).toString('latin1'))).toBeNull();
  });
});
