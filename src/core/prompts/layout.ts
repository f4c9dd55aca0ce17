import { resultHeadingLine, type ResultKind } from '../contracts/headings.js';
import { anchorKeysFor, anchorPrefix } from './anchors.js';
import { promptFileHeading, promptFileName, type GateName, type PromptRole } from './catalogue.js';
import {
  carryInSection,
  changeDiffSection,
  clarificationsSection,
  disputedSection,
  doneStagesSection,
  instructionFilesSection,
  previousFindingsSection,
  qaResultsSection,
  raisedFindingsSection,
  stageScopeSection,
} from './sections.js';
import type { PromptInput } from './types.js';
import { evidenceSection, previousAnalysisSection } from './evidence-section.js';

/**
 * What each role's prompt is made of, in order: context sections, then the
 * gates in the order the agent meets them, then the role template (task and
 * output contract) last, so the result format is the final thing read.
 *
 * Stage discipline is always part of the executor's prompt, not only when a
 * stage is done: its second half (out-of-scope needs go in notes) binds every
 * stage, and a fixed gate list makes the prompt check simpler to trust.
 */

type SectionRenderer = (input: PromptInput) => string | null;

interface RoleLayout {
  sections: readonly SectionRenderer[];
  gates: readonly GateName[];
  result: ResultKind;
}

export const ROLE_LAYOUTS: Readonly<Record<PromptRole, RoleLayout>> = {
  executor: {
    sections: [
      stageScopeSection,
      doneStagesSection,
      carryInSection,
      clarificationsSection,
      previousAnalysisSection,
      previousFindingsSection,
    ],
    gates: [
      'non-interactive-execution',
      'stage-discipline',
      'coding-conventions-preflight',
      'pre-commit-diff-review',
      'implementation-self-check',
      'evidence-citations',
    ],
    result: 'carry',
  },
  verifier: {
    sections: [
      evidenceSection,
      stageScopeSection,
      doneStagesSection,
      carryInSection,
      clarificationsSection,
      previousFindingsSection,
      qaResultsSection,
      changeDiffSection,
      instructionFilesSection,
    ],
    gates: ['non-interactive-execution', 'verifier-qa-gate', 'evidence-citations'],
    result: 'verifier',
  },
  reverify: {
    sections: [
      evidenceSection,
      stageScopeSection,
      clarificationsSection,
      disputedSection,
      changeDiffSection,
      instructionFilesSection,
    ],
    gates: ['non-interactive-execution', 'evidence-citations'],
    result: 'reverify',
  },
  critic: {
    sections: [
      evidenceSection,
      stageScopeSection,
      doneStagesSection,
      carryInSection,
      clarificationsSection,
      qaResultsSection,
      raisedFindingsSection,
      changeDiffSection,
      instructionFilesSection,
    ],
    gates: ['non-interactive-execution', 'verifier-qa-gate', 'evidence-citations'],
    result: 'critic',
  },
};

/** A heading the finished prompt must show, and the file it should have come from. */
export interface RequiredHeading {
  heading: string;
  file: string;
}

/** Everything the prompt check looks for in a finished prompt of one role. */
export interface PromptRequirements {
  /** Anchor line prefixes, e.g. `**Worktree:** `. */
  anchors: string[];
  gates: RequiredHeading[];
  roleTemplate: RequiredHeading & { resultHeading: string };
}

export function requirementsFor(role: PromptRole): PromptRequirements {
  const layout = ROLE_LAYOUTS[role];
  return {
    anchors: anchorKeysFor(role).map(anchorPrefix),
    gates: layout.gates.map((gate) => ({ heading: promptFileHeading(gate), file: `prompts/${promptFileName(gate)}` })),
    roleTemplate: {
      heading: promptFileHeading(role),
      file: `prompts/${promptFileName(role)}`,
      resultHeading: resultHeadingLine(layout.result),
    },
  };
}
