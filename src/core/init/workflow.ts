/**
 * The workflow `okstra init` writes: the packaged no-server workflow
 * (examples/workflows/okstra.yml) with every `uses: okstra/okstra@<ref>` line
 * pinned to one commit, and a comment above it saying how to move the pin.
 * A tag such as `v1` can be moved by whoever controls the repository; a
 * full commit SHA cannot, which is why GitHub's hardening guide asks for it.
 */

/** The repository the packaged workflow names; a release may come from another (a fork). */
export const TEMPLATE_REPOSITORY = 'okstra/okstra';

export interface ActionPin {
  /** `owner/name` of the Action. */
  repository: string;
  /** A full commit SHA, or a ref (a branch or tag) when there is no release to pin to. */
  ref: string;
  /** The release the commit is, for the `# v1.2.3` comment Dependabot and Renovate read; null when unknown. */
  version: string | null;
}

export const FULL_SHA = /^[0-9a-f]{40}$/;

export function isPinned(pin: Pick<ActionPin, 'ref'>): boolean {
  return FULL_SHA.test(pin.ref);
}

/** `- uses: okstra/okstra@v1`, `uses: "okstra/okstra/sub@main" # note`: indent, list dash, quote, sub-path. */
const USES_LINE = /^(\s*)(-\s+)?uses:\s*(['"]?)([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)(\/[^@\s'"]*)?@[^\s'"#]+\3(\s+#.*)?$/;

/** A comment the template puts above the step about pinning by hand; the generated line replaces it. */
const HAND_PIN_COMMENT = /^\s*#\s*pin okstra\b/i;

function updateComment(pin: ActionPin): string {
  const how = 'okstra init --force --action-ref <sha> (rewrites this file), or Dependabot/Renovate for GitHub Actions';
  if (isPinned(pin)) return `# okstra${pin.version ? ` v${pin.version}` : ''} at its release commit. Update: ${how}.`;
  return `# Not pinned: @${pin.ref} can move. Pin a release commit: ${how}.`;
}

export type PinnedWorkflow = { ok: true; text: string; steps: number } | { ok: false; message: string };

export function pinWorkflow(template: string, pin: ActionPin): PinnedWorkflow {
  const lines = template.split('\n');
  const out: string[] = [];
  let steps = 0;
  for (const line of lines) {
    const m = USES_LINE.exec(line);
    if (!m || m[4] !== TEMPLATE_REPOSITORY) {
      out.push(line);
      continue;
    }
    const [, indent = '', dash = '', , , subPath = ''] = m;
    const previous = out[out.length - 1];
    if (previous !== undefined && HAND_PIN_COMMENT.test(previous)) out.pop();
    out.push(`${indent}${updateComment(pin)}`);
    const version = isPinned(pin) && pin.version ? ` # v${pin.version}` : '';
    out.push(`${indent}${dash}uses: ${pin.repository}${subPath}@${pin.ref}${version}`);
    steps++;
  }
  if (steps === 0)
    return {
      ok: false,
      message: `the packaged workflow has no \`uses: ${TEMPLATE_REPOSITORY}@…\` step to pin; reinstall okstra`,
    };
  return { ok: true, text: out.join('\n'), steps };
}
