import { test } from 'node:test';
import assert from 'node:assert/strict';
import { celsiusToFahrenheit, celsiusToKelvin, fahrenheitToCelsius, kelvinToCelsius } from '../src/convert.js';

test('Celsius to Fahrenheit', () => {
  assert.equal(celsiusToFahrenheit(100), 212);
  assert.equal(celsiusToFahrenheit(-40), -40);
});

test('Fahrenheit to Celsius', () => {
  assert.equal(fahrenheitToCelsius(212), 100);
  assert.equal(fahrenheitToCelsius(98.6), 37);
});

test('Kelvin round trip', () => {
  assert.equal(celsiusToKelvin(0), 273.15);
  assert.equal(kelvinToCelsius(373.15), 100);
});

test('below absolute zero is a RangeError', () => {
  assert.throws(() => celsiusToKelvin(-300), RangeError);
  assert.throws(() => kelvinToCelsius(-1), RangeError);
});
