import type { Command } from 'commander';
import { Git } from '../../git/git.js';
import { GitLedgerStore } from '../../git/ledger-store.js';
import { approvePlan } from '../../engine/approve.js';
import { readCommittedPlan } from '../engine-setup.js';
import { CliError, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { readRepoConfig } from '../read-config.js';

interface ApproveOptions {
  plan: string;
  repo?: string;
  remote?: string;
  config?: string;
  as?: string;
}

/**
 * `okstra plan approve`: the person at this machine approves the plan as
 * committed at HEAD. Locally the approver's word is the permission
 * (`local`); on GitHub the Action checks the repository role instead.
 */
export function registerPlanApprove(plan: Command, io: CliIo, setExit: (code: number) => void): void {
  plan
    .command('approve')
    .description("Approve the plan's exact committed content, so stage runs of it may start.")
    .requiredOption('--plan <file>', 'the plan file (committed)')
    .option('--repo <dir>', 'the repository (default: the one around the current directory)')
    .option('--remote <name>', "keep the approval on this remote's ledger branch (compare-and-swap push)")
    .option('--config <file>', 'the okstra config (default .okstra/config.yml)')
    .option('--as <name>', 'who approves (default: git user.name, else $USER)')
    .action(async (opts: ApproveOptions) => {
      const committed = await readCommittedPlan(io, opts);
      const config = await readRepoConfig(io, committed.repoDir, opts.config);
      const approver = opts.as ?? (await gitUserName(committed.repoDir)) ?? io.env.USER ?? null;
      if (!approver) throw new CliError('okstra cannot tell who approves; pass --as NAME');
      const ledger = new GitLedgerStore({
        repoDir: committed.repoDir,
        branch: config.ledgerBranch,
        ...(opts.remote ? { remote: opts.remote } : {}),
        now: () => io.now(),
      });
      const outcome = await approvePlan(
        {
          plan: committed.plan,
          planPath: committed.planPath,
          planBlob: committed.planBlob,
          approver,
          permission: 'local',
          via: 'cli',
        },
        { ledger, now: () => io.now() },
      );
      const what = `plan ${committed.plan.id} at blob ${committed.planBlob.slice(0, 12)} (${committed.planPath} in ${committed.planCommit.slice(0, 12)})`;
      switch (outcome.kind) {
        case 'refused':
          io.err(`okstra: ${what} is not approved: ${outcome.reason}`);
          setExit(EXIT_REFUSED);
          return;
        case 'already':
          io.out(`okstra: ${outcome.row.approver} already approved ${what}; nothing written`);
          break;
        case 'approved':
          io.out(
            `okstra: approved ${what} as ${approver}, recorded on ${config.ledgerBranch} (${outcome.commit.slice(0, 12)}). Runs of this exact content may start; an edit of ${committed.planPath} needs a new approval.`,
          );
      }
      setExit(EXIT_OK);
    });
}

async function gitUserName(repoDir: string): Promise<string | null> {
  const out = await new Git(repoDir).run(['config', 'user.name']);
  const name = out.exitCode === 0 ? out.stdout.trim() : '';
  return name === '' ? null : name;
}
