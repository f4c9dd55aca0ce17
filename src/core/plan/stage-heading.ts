import { PLAN_CODES, type PlanCode } from './codes.js';

/** What a level-3 heading says about the stage it opens. */
export type StageHeading =
  | { kind: 'not-a-stage' }
  | { kind: 'stage'; number: number; title: string; problem: HeadingProblem | null }
  | { kind: 'invalid'; problem: HeadingProblem };

export interface HeadingProblem {
  code: PlanCode;
  message: string;
  hint: string;
  /** Offset into the heading text where the problem is. */
  at: number;
}

const EXAMPLE = 'write the heading as `### Stage 2: Short title` (separator `:`, `—`, `–`, `-` or `.`)';
// `Stage` followed by anything but a letter: "Stage 2", "Stage2", not "Stages" or "Staged".
const STAGE_WORD = /^stage(?![\p{L}])/iu;
const NUMERIC = /^[+-]?\d+(?:\.\d+)?/;
const WORD = /^[^\s:—–.-]+/;
const SEPARATOR = /^[ \t]*([:—–.-])[ \t]*/;

export function parseStageHeading(text: string): StageHeading {
  const word = STAGE_WORD.exec(text);
  if (!word) return { kind: 'not-a-stage' };
  const numberAt = word[0].length + (/^\s*/.exec(text.slice(word[0].length)) as RegExpExecArray)[0].length;
  const rest = text.slice(numberAt);
  const numeric = NUMERIC.exec(rest);
  if (!numeric) {
    const token = WORD.exec(rest)?.[0];
    return {
      kind: 'invalid',
      problem: token
        ? {
            code: PLAN_CODES.stageNumberNotANumber,
            message: `stage number "${token}" is not a number`,
            hint: EXAMPLE,
            at: numberAt,
          }
        : {
            code: PLAN_CODES.stageHeadingInvalid,
            message: `stage heading "${text}" has no stage number`,
            hint: EXAMPLE,
            at: numberAt,
          },
    };
  }
  const token = numeric[0];
  const value = Number(token);
  if (!Number.isSafeInteger(value) || token.includes('.')) {
    return {
      kind: 'invalid',
      problem: {
        code: PLAN_CODES.stageNumberNotInteger,
        message: `stage number "${token}" is not a whole number`,
        hint: `stages are numbered 1, 2, 3, …; ${EXAMPLE}`,
        at: numberAt,
      },
    };
  }
  if (value <= 0) {
    return {
      kind: 'invalid',
      problem: {
        code: PLAN_CODES.stageNumberNotPositive,
        message: `stage number ${token} is not positive`,
        hint: 'stages are numbered from 1',
        at: numberAt,
      },
    };
  }
  const afterNumber = numberAt + token.length;
  const tail = text.slice(afterNumber);
  const separator = SEPARATOR.exec(tail);
  if (!separator) {
    const title = tail.trim();
    if (!title) return { kind: 'stage', number: value, title: '', problem: missingTitle(value, afterNumber) };
    return {
      kind: 'stage',
      number: value,
      title,
      problem: {
        code: PLAN_CODES.stageHeadingInvalid,
        message: `stage ${value}: no separator between the stage number and the title`,
        hint: EXAMPLE,
        at: afterNumber,
      },
    };
  }
  const title = tail.slice(separator[0].length).trim();
  return { kind: 'stage', number: value, title, problem: title ? null : missingTitle(value, afterNumber) };
}

function missingTitle(stage: number, at: number): HeadingProblem {
  return { code: PLAN_CODES.stageTitleMissing, message: `stage ${stage} has no title`, hint: EXAMPLE, at };
}
