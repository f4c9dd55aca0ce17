import { test } from 'node:test';
import assert from 'node:assert/strict';
import { round2 } from '../src/round.js';

test('round2 keeps two decimals', () => {
  assert.equal(round2(1.005), 1);
  assert.equal(round2(-40.456), -40.46);
});
