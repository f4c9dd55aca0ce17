/**
 * What a test tells the scripted model server to answer. One script serves
 * every protocol; each protocol module renders the same {@link Turn} in its
 * own wire format, so a test reads the same for Claude, Codex and Gemini.
 */

export type Protocol = 'anthropic' | 'bedrock' | 'vertex' | 'azure' | 'openai-responses' | 'openai-chat' | 'gemini';

/** One model call as the server saw it, reduced to what a script decides on. */
export interface ModelCall {
  protocol: Protocol;
  model: string;
  /** 0 for the first call of a conversation, +1 for every earlier model answer in the history. */
  turn: number;
  /** Every user-visible text the CLI sent (its prompt plus whatever context it added), joined. */
  userText: string;
  /** Names of the tools the CLI offered the model in this call. */
  tools: string[];
  /** The text of the latest tool result in the history, when the last message carries one. */
  lastToolResult: string | null;
  /** The path of the worktree, read from okstra's `**Worktree:**` anchor in the prompt. */
  worktree: string | null;
  /** The okstra role, read from the prompt's title (`# okstra stage run — verifier`). */
  role: string | null;
  /** The stage number, read from the `**Stage for this implementation run:**` anchor. */
  stage: number | null;
}

export type Turn =
  /** A final answer. */
  | { kind: 'text'; text: string }
  /** A tool call that creates `path` (absolute, or relative to the worktree) with `content`. */
  | { kind: 'write'; path: string; content: string }
  /** A tool call that runs `command` in the CLI's shell tool. */
  | { kind: 'shell'; command: string }
  /** A call of any tool the CLI offers, by its own name and arguments (e.g. Gemini's `exit_plan_mode`). */
  | { kind: 'tool'; name: string; args: Record<string, unknown> }
  /** The HTTP error the vendor API would send (with extra headers such as `retry-after`). */
  | { kind: 'http-error'; status: number; message: string; headers?: Record<string, string> }
  /** Close the connection without an answer (a reset before the first byte). */
  | { kind: 'reset' }
  /**
   * Any answer, byte for byte: `chunks` are written in order and a function
   * among them is awaited first (a pause mid-stream); `end: 'destroy'` cuts
   * the connection after the last chunk instead of ending the answer.
   */
  | {
      kind: 'raw';
      status: number;
      headers?: Record<string, string>;
      chunks: ReadonlyArray<string | (() => Promise<void>)>;
      end?: 'end' | 'destroy';
    }
  /** Accept the request and never answer: the CLI waits until okstra's timeout kills it. */
  | { kind: 'hang' }
  /**
   * Answer `then` only once `until` has settled: the CLI is held mid-call
   * while a test looks at it (its processes, environment and files).
   */
  | {
      kind: 'hold';
      until: () => Promise<void>;
      then: Extract<Turn, { kind: 'text' } | { kind: 'write' } | { kind: 'shell' } | { kind: 'tool' }>;
    };

export type Script = (call: ModelCall) => Turn;

/** Token counts every answer reports, so tests can check usage is carried through. */
export const SCRIPTED_USAGE = { inputTokens: 1234, outputTokens: 56, cachedInputTokens: 0 } as const;

const fence = (title: string, value: unknown): string =>
  `### ${title}\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;

/** A final executor message that ends with valid Stage Carry Evidence. */
export function carryMessage(stage: number, file: string): string {
  return `Wrote ${file}.\n\n${fence('Stage Carry Evidence', {
    stage,
    summary: `${file} exists`,
    filesChanged: [file],
    validation: [],
    exitContract: { met: true, evidence: `${file} was written` },
  })}`;
}

/** A final verifier message that ends with a valid Verifier Result. */
export function verifierMessage(verdict: 'PASS' | 'FAIL', evidenceRead: string[] = []): string {
  return `Reviewed the stage.\n\n${fence('Verifier Result', { verdict, findings: [], evidenceRead })}`;
}

/** The common executor script: write `file` on the first turn, then report the carry. */
export function writeThenCarry(file: string, content: string, stage: number): Script {
  return (call) =>
    call.turn === 0 ? { kind: 'write', path: file, content } : { kind: 'text', text: carryMessage(stage, file) };
}

const WORKTREE_ANCHOR = /\*\*Worktree:\*\*\s*`?([^`\n]+?)`?\s*$/m;
const ROLE_TITLE = /^# okstra stage run — (executor|verifier|reverify round|critic)\s*$/m;
const STAGE_ANCHOR = /\*\*Stage for this implementation run:\*\*\s*Stage (\d+)/;

/** The okstra anchors a script may need: where the worktree is, which role is asking, for which stage. */
export function okstraAnchors(userText: string): Pick<ModelCall, 'worktree' | 'role' | 'stage'> {
  const role = ROLE_TITLE.exec(userText)?.[1] ?? null;
  const stage = STAGE_ANCHOR.exec(userText)?.[1];
  return {
    worktree: WORKTREE_ANCHOR.exec(userText)?.[1]?.trim() ?? null,
    role: role === 'reverify round' ? 'reverify' : role,
    stage: stage === undefined ? null : Number(stage),
  };
}
