import { round2 } from './round.js';

const ABSOLUTE_ZERO_C = -273.15;

export function celsiusToFahrenheit(celsius) {
  return round2((celsius * 9) / 5 + 32);
}

export function fahrenheitToCelsius(fahrenheit) {
  return round2(((fahrenheit - 32) * 5) / 9);
}

export function celsiusToKelvin(celsius) {
  if (celsius < ABSOLUTE_ZERO_C) throw new RangeError(`${celsius} °C is below absolute zero`);
  return round2(celsius - ABSOLUTE_ZERO_C);
}

export function kelvinToCelsius(kelvin) {
  if (kelvin < 0) throw new RangeError(`${kelvin} K is below absolute zero`);
  return round2(kelvin + ABSOLUTE_ZERO_C);
}
