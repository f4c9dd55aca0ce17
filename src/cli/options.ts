import { InvalidArgumentError } from 'commander';
import { planIdProblem, runIdProblem } from '../core/ids.js';

/** Commander argument parsers: a bad value is a usage error (exit 2) that names what is allowed. */
export function positiveInt(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError(`"${value}" is not a positive whole number.`);
  return Number(value);
}

export function planId(value: string): string {
  const problem = planIdProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

export function runId(value: string): string {
  const problem = runIdProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

export function oneOf<T extends string>(allowed: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(allowed as readonly string[]).includes(value))
      throw new InvalidArgumentError(`"${value}" is not one of: ${allowed.join(', ')}.`);
    return value as T;
  };
}
