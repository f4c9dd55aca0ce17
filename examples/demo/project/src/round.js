/** Rounds to two decimals, the precision every conversion reports. */
export function round2(value) {
  return Math.round(value * 100) / 100;
}
