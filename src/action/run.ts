import * as core from '@actions/core';
import { readFile } from 'node:fs/promises';
import { parsePlan } from '../core/plan/index.js';
import { formatDiagnostic } from '../core/diagnostics.js';

/**
 * Until the stage runner lands, the Action validates the plan it is given and
 * reports its stages, so workflows can adopt okstra's inputs early. Every
 * other mode is refused with a message rather than pretending to run.
 */
export async function run(): Promise<void> {
  try {
    const mode = core.getInput('mode') || 'status';
    if (mode !== 'status') {
      core.setFailed(`okstra: input "mode: ${mode}" is not available in this version; only "status" is (stage, chain and continue arrive with the stage runner)`);
      return;
    }
    const planFile = core.getInput('plan', { required: true });
    const result = parsePlan(await readFile(planFile, 'utf8'), { path: planFile });
    for (const d of result.warnings) core.warning(d.message, { file: d.path, startLine: d.line, startColumn: d.column });
    for (const d of result.errors) core.error(formatDiagnostic(d), { file: d.path, startLine: d.line, startColumn: d.column });
    if (result.errors.length > 0 || !result.plan) {
      core.setFailed(`okstra: ${planFile} is not a valid plan (${result.errors.length} errors)`);
      return;
    }
    const plan = result.plan;
    core.setOutput('plan-id', plan.id);
    core.setOutput('stages', JSON.stringify(plan.stages.map((s) => s.number)));
    await core.summary
      .addHeading(`okstra plan ${plan.id}`, 2)
      .addTable([[{ data: 'stage', header: true }, { data: 'title', header: true }, { data: 'depends on', header: true }], ...plan.stages.map((s) => [String(s.number), s.title, s.dependsOn.join(', ') || '—'])])
      .write();
  } catch (error) {
    // A non-Error throw must still fail the job, never leave it green.
    core.setFailed(`okstra: ${error instanceof Error ? error.message : String(error)}`);
  }
}
