import { test } from 'node:test';
import assert from 'node:assert/strict';
import { celsiusToFahrenheit, fahrenheitToCelsius } from '../src/convert.js';

test('Celsius to Fahrenheit', () => {
  assert.equal(celsiusToFahrenheit(100), 212);
  assert.equal(celsiusToFahrenheit(-40), -40);
});

test('Fahrenheit to Celsius', () => {
  assert.equal(fahrenheitToCelsius(212), 100);
  assert.equal(fahrenheitToCelsius(98.6), 37);
});
