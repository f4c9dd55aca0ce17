import { escapeInline, inlineCode, mermaidLabel } from '../text/escape.js';
import { clip } from '../text/truncate.js';
import { formatSpend } from './format.js';
import type { Spend } from './plan-spend.js';

export const STAGE_VIEW_STATES = ['done', 'failed', 'running', 'ready', 'blocked', 'pending'] as const;
export type StageViewState = (typeof STAGE_VIEW_STATES)[number];

/** One stage as the status view shows it; the caller maps ledger state to `state`. */
export interface StageStatusView {
  number: number;
  title: string;
  dependsOn: number[];
  state: StageViewState;
  /** A short note such as "attempt 2 failed: 1 blocking finding" or "waiting for stage 2". */
  detail?: string;
  /** What this stage's runs spent so far (every attempt), when the caller read their reports. */
  spend?: Spend;
}

export interface PlanStatusInput {
  planId: string;
  planTitle: string | null;
  stages: StageStatusView[];
  /** What every run of the plan spent (`planSpend`); shown under the counts. */
  spend?: Spend;
}

const STATE_ICON: Record<StageViewState, string> = {
  done: '✅',
  failed: '❌',
  running: '🔄',
  ready: '🟢',
  blocked: '⛔',
  pending: '⏳',
};

// Fill and stroke per state; readable on GitHub's light and dark themes.
const STATE_STYLE: Record<StageViewState, string> = {
  done: 'fill:#d1f0d8,stroke:#1a7f37,color:#0b3d1a',
  failed: 'fill:#ffd8d3,stroke:#cf222e,color:#5c0b0b',
  running: 'fill:#d6e6ff,stroke:#0969da,color:#0a2a5c',
  ready: 'fill:#fff3c4,stroke:#9a6700,color:#3d2a00',
  blocked: 'fill:#e6e6e6,stroke:#6e7781,color:#24292f,stroke-dasharray:4 3',
  pending: 'fill:#f6f8fa,stroke:#8c959f,color:#24292f',
};

function nodeId(stage: number): string {
  return `s${stage}`;
}

/**
 * The stage graph as a Mermaid flowchart: one node per stage, an edge from
 * each dependency, nodes coloured by state. Only states that occur get a
 * class, so the diagram source stays short.
 */
export function renderStageFlowchart(stages: readonly StageStatusView[]): string {
  const known = new Set(stages.map((s) => s.number));
  const lines = ['flowchart TD'];
  for (const s of stages) {
    const label = mermaidLabel(`${s.number}. ${clip(s.title, 60)} (${s.state})`);
    lines.push(`  ${nodeId(s.number)}["${label}"]:::${s.state}`);
  }
  for (const s of stages) {
    for (const dep of s.dependsOn) if (known.has(dep)) lines.push(`  ${nodeId(dep)} --> ${nodeId(s.number)}`);
  }
  for (const state of STAGE_VIEW_STATES) {
    if (stages.some((s) => s.state === state)) lines.push(`  classDef ${state} ${STATE_STYLE[state]}`);
  }
  return `\`\`\`mermaid\n${lines.join('\n')}\n\`\`\``;
}

/**
 * The plan status view: a heading, a count per state, the stage table and the
 * flowchart. `okstra status --markdown` and the bot's `/okstra status` reply
 * both print this.
 */
export function renderPlanStatus(input: PlanStatusInput): string {
  const stages = [...input.stages].sort((a, b) => a.number - b.number);
  const title = input.planTitle ? ` — ${escapeInline(clip(input.planTitle, 200))}` : '';
  const counts = STAGE_VIEW_STATES.filter((st) => stages.some((s) => s.state === st))
    .map((st) => `${STATE_ICON[st]} ${stages.filter((s) => s.state === st).length} ${st}`)
    .join(' · ');
  // The spend column appears only when the caller read spend, so views without reports keep their shape.
  const withSpend = stages.some((s) => s.spend !== undefined);
  const rows = stages.map((s) => {
    const deps = s.dependsOn.length > 0 ? s.dependsOn.join(', ') : '—';
    const detail = s.detail ? escapeInline(clip(s.detail, 300)) : '';
    const spend = withSpend ? ` ${s.spend && s.spend.runs > 0 ? formatSpend(s.spend) : '—'} |` : '';
    return `| ${s.number} | ${escapeInline(clip(s.title, 120))} | ${deps} | ${STATE_ICON[s.state]} ${s.state} | ${detail} |${spend}`;
  });
  const header = withSpend
    ? ['| stage | title | depends on | state | detail | spend |', '| --- | --- | --- | --- | --- | --- |']
    : ['| stage | title | depends on | state | detail |', '| --- | --- | --- | --- | --- |'];
  const table = stages.length === 0 ? '_The plan has no stages._' : [...header, ...rows].join('\n');
  const diagram = stages.length === 0 ? '' : `\n\n${renderStageFlowchart(stages)}`;
  const spent = input.spend ? `\n\n**Spent so far:** ${formatSpend(input.spend)}` : '';
  return `### okstra plan ${inlineCode(input.planId)}${title}\n\n${counts || 'No stages.'}${spent}\n\n${table}${diagram}\n`;
}
