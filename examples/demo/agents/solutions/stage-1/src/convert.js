import { round2 } from './round.js';

export function celsiusToFahrenheit(celsius) {
  return round2((celsius * 9) / 5 + 32);
}

export function fahrenheitToCelsius(fahrenheit) {
  return round2(((fahrenheit - 32) * 5) / 9);
}
