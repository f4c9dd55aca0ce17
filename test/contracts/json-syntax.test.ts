import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, lineColumn } from '../../src/core/contracts/index.js';

function errorAt(text: string): { at: string; message: string } | null {
  const found = findJsonSyntaxError(text);
  if (!found) return null;
  const { line, column } = lineColumn(text, found.offset);
  return { at: `${line}:${column}`, message: found.message };
}

describe('findJsonSyntaxError', () => {
  it('accepts everything JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' 0 ', '-1.5e+3', '"a\\u00e9\\n"', '{"a":[1,{"b":null}],"c":true,"d":false}']) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonSyntaxError(text)).toBeNull();
    }
  });

  it.each([
    ['{"a":}', '1:6', "expected a value but found '}'"],
    ['{"a": 1,\n}', '1:8', "trailing comma before '}'"],
    ['[1, 2,]', '1:6', "trailing comma before ']'"],
    ['[1 2]', '1:4', "expected ',' or ']' after an array element but found '2'"],
    ["{'a': 1}", '1:2', `expected a property name in double quotes but found "'"`],
    ['{a: 1}', '1:2', "expected a property name in double quotes but found 'a'"],
    ['{"a" 1}', '1:6', "expected ':' after the property name but found '1'"],
    [
      '{"a": tru}',
      '1:7',
      '"tru" is not a JSON value (text needs double quotes; the only bare words are true, false and null)',
    ],
    ['{"a": 01}', '1:8', 'invalid number'],
    ['{"a": 1.}', '1:8', 'invalid number'],
    ['{"a": "x\ny"}', '1:9', 'a line break or control character inside a string must be escaped (e.g. \\n)'],
    ['{"a": "\\x"}', '1:8', "invalid escape '\\x' in a string"],
    ['{"a": 1', '1:8', "expected ',' or '}' after a property value but found the end of the JSON"],
    ['{"a": "b', '1:9', 'a string is not closed'],
    ['{"a": 1} {"b": 2}', '1:10', 'unexpected text after the JSON value (only one value is allowed)'],
    ['{\n  // note\n  "a": 1\n}', '2:3', 'comments are not allowed in JSON'],
    ['   ', '1:4', 'the block holds no JSON value'],
  ])('%j → %s %s', (text, at, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(errorAt(text)).toEqual({ at, message });
  });
});

describe('lineColumn', () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
