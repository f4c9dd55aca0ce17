/**
 * An agent left a nested repository in a stage tree: a `.git` folder, a
 * `gitdir:` file (pointing anywhere) or a link by that name below the tree's
 * top. okstra deleted each `.git` before its own git ran there and commits
 * none of it: neither the nested repository's history nor its files.
 */
export class NestedRepositoryError extends Error {
  constructor(readonly folders: readonly string[]) {
    super(
      `left a nested git repository in the stage tree (${folders.map((f) => `${f}/.git`).join(', ')}): okstra never follows or commits one; vendor the files without their .git, or name a submodule in the stage's files and change it outside the stage`,
    );
    this.name = 'NestedRepositoryError';
  }
}
