import type { Section } from './budget.js';
import { textSection } from './blocks.js';
import type { FinalReport, RosterEntry } from './schema/final-report.js';
import { escapeInline, inlineCode } from '../text/escape.js';

/**
 * Whether a run's verification was single-vendor: every verifier is the
 * executor's vendor (a fresh, read-only session of the same agent). That
 * still catches a lot, but a model's blind spots are shared by a second
 * session of it, so every report says so where a reader looks first.
 */

export const SINGLE_VENDOR_LABEL = 'single-vendor verification';

type Member = Pick<RosterEntry, 'name' | 'provider' | 'function'> & Partial<Pick<RosterEntry, 'model'>>;

/** The built-ins whose vendors also make models Copilot CLI serves, and who they are. */
const MODEL_MAKERS = { claude: 'Anthropic', codex: 'OpenAI', gemini: 'Google' } as const;
type ModelMaker = keyof typeof MODEL_MAKERS;

/**
 * Who made a model, read from its name as the vendors (and Copilot CLI, which serves several vendors' models)
 * spell it: `claude-…` Anthropic, `gpt-…`/`o1…`/`codex-…` OpenAI, `gemini-…` Google; a `vendor/` prefix
 * (`openai/gpt-5`) is skipped. Null when the name tells nobody.
 */
export function modelMaker(model: string | null | undefined): ModelMaker | null {
  const name = (model ?? '').toLowerCase().replace(/^[a-z0-9-]+\//, '');
  if (/^claude\b/.test(name)) return 'claude';
  if (/^(gpt|codex|o\d)/.test(name)) return 'codex';
  if (/^gemini\b/.test(name)) return 'gemini';
  return null;
}

/**
 * A built-in's vendor is its provider. Copilot CLI serves several vendors' models, so a Copilot worker's vendor
 * is its model's maker (the same as that maker's own CLI: a Copilot worker on a Claude model verifying Claude
 * Code is single-vendor; two Copilot workers on OpenAI and Anthropic models are cross-vendor); a model whose
 * maker is not known is a vendor of its own. A command provider's vendor cannot be known; each is its own (its
 * roster name, unique within a run), so only a command provider verifying its own work counts as single-vendor.
 */
function vendorOf(member: Member): string {
  if (member.provider === 'command') return `command:${member.name}`;
  if (member.provider === 'copilot') return modelMaker(member.model) ?? `copilot:${member.model ?? member.name}`;
  return member.provider;
}

/** How the label names the shared vendor: the provider, a Copilot model's maker, or the command worker. */
function vendorLabel(executor: Member): string {
  if (executor.provider === 'command') return executor.name;
  if (executor.provider !== 'copilot') return executor.provider;
  const maker = modelMaker(executor.model);
  return maker ? `${MODEL_MAKERS[maker]} models` : `Copilot CLI's ${executor.model ?? 'default'} model`;
}

/** The executor's vendor when every verifier shares it; null for cross-vendor verification or a roster without verifiers. */
export function singleVendor(roster: readonly Member[]): string | null {
  const executor = roster.find((m) => m.function === 'executor');
  const verifiers = roster.filter((m) => m.function === 'verifier');
  if (!executor || verifiers.length === 0) return null;
  const vendor = vendorOf(executor);
  if (!verifiers.every((v) => vendorOf(v) === vendor)) return null;
  return vendorLabel(executor);
}

/** What the line says after its label; `vendor` is already escaped for where it goes. */
function sentence(vendor: string, verifiersKey: string): string {
  return `the executor and every verifier are ${vendor} (the verifiers in fresh read-only sessions), so no other vendor's model checked this work; add another vendor's API key and list it under ${verifiersKey} in .okstra/config.yml for cross-vendor verification`;
}

/** The plain-text line for a terminal; null for cross-vendor verification. */
export function singleVendorLine(roster: readonly Member[]): string | null {
  const vendor = singleVendor(roster);
  return vendor === null ? null : `${SINGLE_VENDOR_LABEL}: ${sentence(vendor, '`verifiers:`')}`;
}

/** Who a worker is, for a reader: a Copilot worker names its model's maker, which its roster name does not. */
function whoIs(member: Member): string {
  const maker = member.provider === 'copilot' ? modelMaker(member.model) : null;
  return maker ? `${member.name} (${MODEL_MAKERS[maker]}'s ${member.model ?? ''})` : member.name;
}

/**
 * A roster with Copilot workers that is cross-vendor: two "Copilot" workers look alike, so the line says whose
 * models verified whose. Null for any other roster.
 */
export function crossVendorCopilotLine(roster: readonly Member[]): string | null {
  const executor = roster.find((m) => m.function === 'executor');
  const verifiers = roster.filter((m) => m.function === 'verifier');
  if (!executor || singleVendor(roster) !== null || verifiers.length === 0) return null;
  if (![executor, ...verifiers].some((m) => m.provider === 'copilot')) return null;
  return `cross-vendor verification: ${whoIs(executor)} executed; ${verifiers.map(whoIs).join(', ')} verified`;
}

/** The report section: a short warning line, never cut; for a cross-vendor Copilot roster, whose models checked whose. */
export function singleVendorSection(report: FinalReport): Section {
  const vendor = singleVendor(report.roster);
  if (vendor === null) {
    const copilot = crossVendorCopilotLine(report.roster);
    const text = copilot === null ? '' : `${escapeInline(copilot.charAt(0).toUpperCase() + copilot.slice(1))}.\n\n`;
    return textSection('single-vendor', text, { priority: 1 });
  }
  const label = SINGLE_VENDOR_LABEL.charAt(0).toUpperCase() + SINGLE_VENDOR_LABEL.slice(1);
  const text = `⚠️ **${label}:** ${sentence(escapeInline(vendor), inlineCode('verifiers:'))}.\n\n`;
  return textSection('single-vendor', text, { required: true });
}
