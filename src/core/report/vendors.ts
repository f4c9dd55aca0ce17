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

type Member = Pick<RosterEntry, 'name' | 'provider' | 'function'>;

/**
 * A built-in's vendor is its provider. A command provider's vendor cannot be
 * known; each is its own (its roster name, unique within a run), so only a
 * command provider verifying its own work counts as single-vendor.
 */
function vendorOf(member: Member): string {
  return member.provider === 'command' ? `command:${member.name}` : member.provider;
}

/** The executor's vendor when every verifier shares it; null for cross-vendor verification or a roster without verifiers. */
export function singleVendor(roster: readonly Member[]): string | null {
  const executor = roster.find((m) => m.function === 'executor');
  const verifiers = roster.filter((m) => m.function === 'verifier');
  if (!executor || verifiers.length === 0) return null;
  const vendor = vendorOf(executor);
  if (!verifiers.every((v) => vendorOf(v) === vendor)) return null;
  return executor.provider === 'command' ? executor.name : executor.provider;
}

export function isSingleVendorVerification(roster: readonly Member[]): boolean {
  return singleVendor(roster) !== null;
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

/** The report section: a short warning line, never cut; nothing for cross-vendor verification. */
export function singleVendorSection(report: FinalReport): Section {
  const vendor = singleVendor(report.roster);
  if (vendor === null) return textSection('single-vendor', '', { priority: 1 });
  const label = SINGLE_VENDOR_LABEL.charAt(0).toUpperCase() + SINGLE_VENDOR_LABEL.slice(1);
  const text = `⚠️ **${label}:** ${sentence(escapeInline(vendor), inlineCode('verifiers:'))}.\n\n`;
  return textSection('single-vendor', text, { required: true });
}
