#!/usr/bin/env node
import { celsiusToFahrenheit, celsiusToKelvin, fahrenheitToCelsius, kelvinToCelsius } from '../src/convert.js';

const toCelsius = { C: (v) => v, F: fahrenheitToCelsius, K: kelvinToCelsius };
const fromCelsius = { C: (v) => v, F: celsiusToFahrenheit, K: celsiusToKelvin };

const [value, from, to] = process.argv.slice(2);
if (value === undefined || Number.isNaN(Number(value)) || !(from in toCelsius) || !(to in fromCelsius)) {
  process.stderr.write('usage: tempconv <value> <C|F|K> <C|F|K>\n');
  process.exit(2);
}
try {
  process.stdout.write(`${fromCelsius[to](toCelsius[from](Number(value)))}\n`);
} catch (error) {
  process.stderr.write(`tempconv: ${error.message}\n`);
  process.exit(1);
}
