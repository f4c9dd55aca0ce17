import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const cli = (...args) => spawnSync(process.execPath, ['bin/tempconv.js', ...args], { encoding: 'utf8' });

test('converts between units', () => {
  assert.equal(cli('100', 'C', 'F').stdout, '212\n');
  assert.equal(cli('0', 'C', 'K').stdout, '273.15\n');
});

test('a bad unit is a usage error', () => {
  const r = cli('1', 'X', 'C');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /usage: tempconv/);
});
