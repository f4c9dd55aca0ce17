import { z } from 'zod';
import { findingSeverity, verdictValue } from './common.js';

/**
 * A verifier's `### Verifier Result` JSON. This is agent output: paths are
 * kept as written (the engine normalises them and conformance judges them),
 * and extra keys are tolerated so a chatty agent is not a broken one.
 */
export const VerifierResultSchema = z
  .looseObject({
    verdict: verdictValue,
    summary: z.string().optional(),
    findings: z.array(
      z.looseObject({
        severity: findingSeverity,
        title: z.string().regex(/\S/),
        detail: z.string().optional(),
        file: z.string().min(1).nullable().optional().describe('project-relative path of the cited file'),
        line: z.number().int().positive().nullable().optional(),
        endLine: z.number().int().positive().nullable().optional(),
      }),
    ),
    evidenceRead: z.array(z.string().min(1)).describe('project-relative paths of every file read as evidence'),
  })
  .describe('okstra Verifier Result');

export type VerifierResult = z.output<typeof VerifierResultSchema>;
