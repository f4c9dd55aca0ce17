/** The body of CHANGELOG.md's section for `version` (a leading `v` is allowed); throws when it is missing or empty. */
export function releaseNotes(changelog: string, version: string): string;
