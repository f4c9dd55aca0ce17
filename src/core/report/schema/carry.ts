import { z } from 'zod';
import { nonNegativeInt, repoPath } from './common.js';

/**
 * What an executor's `### Stage Carry Evidence` JSON must hold. It becomes
 * `carry/stage-<N>.json` and is what later stages receive as carry-in, so it
 * says what was built and how it was proven, in terms a later agent can use.
 * Extra keys are allowed: an executor may add context, and rejecting it would
 * turn useful detail into a contract violation.
 */
export const CarrySchema = z
  .looseObject({
    stage: z.number().int().positive().describe('stage number this evidence belongs to'),
    summary: z.string().regex(/\S/).describe('what the stage delivered, for the stages that build on it'),
    filesChanged: z.array(repoPath).describe('repository-relative paths the executor changed'),
    validation: z
      .array(
        z.looseObject({
          cmd: z.string().min(1),
          exitCode: z.number().int().nullable(),
          outputTail: z.string().optional(),
        }),
      )
      .describe("the plan's validation commands as the executor ran them"),
    exitContract: z.looseObject({
      met: z.boolean(),
      evidence: z.string().regex(/\S/).describe('how the exit contract was shown to hold'),
    }),
    interfaces: z.array(z.string().min(1)).optional().describe('names, endpoints or files later stages may rely on'),
    notes: z.array(z.string()).optional(),
    commits: z.array(z.string().regex(/^[0-9a-f]{7,64}$/)).optional(),
    testsAdded: nonNegativeInt.optional(),
  })
  .describe('okstra Stage Carry Evidence');

export type Carry = z.output<typeof CarrySchema>;
