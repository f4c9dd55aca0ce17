/**
 * Repository roles from least to most: who may trigger okstra is a minimum
 * role (config `bot.permission`, default `write`), because a run spends the
 * repository's agent credits and pushes stage branches.
 */
export const PERMISSION_LEVELS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/**
 * The collaborator permission API answers with `permission` (the classic
 * `admin`/`write`/`read`/`none`) and `role_name` (`maintain`, `triage` or a
 * custom role's name). `role_name` is used when it is a built-in role, else
 * the classic permission the custom role is based on.
 */
export function effectiveLevel(answer: { permission: string; role_name?: string | null }): PermissionLevel | null {
  const role = answer.role_name ?? '';
  if ((PERMISSION_LEVELS as readonly string[]).includes(role)) return role as PermissionLevel;
  return (PERMISSION_LEVELS as readonly string[]).includes(answer.permission)
    ? (answer.permission as PermissionLevel)
    : null;
}

export function meetsLevel(level: PermissionLevel | null, minimum: PermissionLevel): boolean {
  return level !== null && PERMISSION_LEVELS.indexOf(level) >= PERMISSION_LEVELS.indexOf(minimum);
}

/** A GitHub App or other bot account: its commands are ignored, so bots cannot trigger runs or answer each other in a loop. */
export function isBotAccount(sender: { login: string; type?: string | null }): boolean {
  return sender.type === 'Bot' || sender.login.endsWith('[bot]');
}
