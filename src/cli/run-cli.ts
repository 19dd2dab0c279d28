import type { GetMailStatus } from '../application/mail/get-mail-status.js';
import type { RetryFailedMail } from '../application/mail/retry-failed-mail.js';
import type { CreatePasswordResetLink } from '../application/links/create-password-reset-link.js';
import { unhandled } from '../application/shared/unhandled.js';
import { ADMIN_USAGE, runAdminCommand } from './admin-commands.js';
import { AUDIT_USAGE, type AuditCommandDependencies, runAuditCommand } from './audit-commands.js';
import type { CliOutput } from './cli-output.js';
import { mailRetryLine, mailStatusLines } from './mail-lines.js';
import { MIGRATE_USAGE, type MigrateCommandDependencies, runMigrateCommand } from './migrate-command.js';
import { RESET_TWO_FACTOR_USAGE, runResetTwoFactorCommand } from './reset-two-factor-command.js';
import { runTwoFactorCommand, TWO_FACTOR_USAGE, type TwoFactorCommandDependencies } from './two-factor-commands.js';
import { runUserCommand, USER_USAGE, type UserCommandDependencies } from './user-commands.js';

/**
 * What the commands need: the composition root's Gatehouse in real use. The user
 * commands' `administration` serves `admin grant|revoke` too.
 */
export interface CliDependencies
  extends MigrateCommandDependencies,
    UserCommandDependencies,
    TwoFactorCommandDependencies,
    AuditCommandDependencies {
  readonly mailStatus: GetMailStatus;
  readonly retryFailedMail: RetryFailedMail;
  readonly createPasswordResetLink: CreatePasswordResetLink;
}

/** Where the commands write; stdout and stderr in real use. */
export type { CliOutput } from './cli-output.js';

const USAGE = [
  'Usage: npm run cli -- <command>',
  ...MIGRATE_USAGE,
  ...ADMIN_USAGE,
  '  user reset-link <email>  print a password reset link for the user (no mail is sent)',
  ...USER_USAGE,
  ...RESET_TWO_FACTOR_USAGE,
  '  mail status              count the queued and failed messages, and the oldest one\'s wait',
  '  mail retry               queue the failed messages again',
  ...TWO_FACTOR_USAGE,
  ...AUDIT_USAGE,
].join('\n');

/** Runs one command; resolves the process exit code. */
export async function runCli(args: readonly string[], deps: CliDependencies, out: CliOutput): Promise<number> {
  const [command, action, email, ...rest] = args;
  if (command === 'mail' && action === 'status' && args.length === 2) {
    for (const line of mailStatusLines(await deps.mailStatus.execute())) out.log(line);
    return 0;
  }
  if (command === 'mail' && action === 'retry' && args.length === 2) {
    out.log(mailRetryLine(await deps.retryFailedMail.execute()));
    return 0;
  }
  if (command === 'user' && action === 'reset-link' && email && rest.length === 0) {
    return resetLink(email, deps, out);
  }
  const code =
    (await runMigrateCommand(args, deps, out)) ??
    (await runAdminCommand(args, deps, out)) ??
    (await runUserCommand(args, deps, out)) ??
    (await runResetTwoFactorCommand(args, deps, out)) ??
    (await runTwoFactorCommand(args, deps, out)) ??
    (await runAuditCommand(args, deps, out));
  if (code !== null) return code;
  out.error(USAGE);
  return 2;
}

/** `user reset-link <email>`: the link goes to stdout only, for the operator to hand over. */
async function resetLink(email: string, deps: CliDependencies, out: CliOutput): Promise<number> {
  const result = await deps.createPasswordResetLink.execute({ email });
  switch (result.kind) {
    case 'invalid-email':
    case 'unknown-email':
      return refuseEmail(result.kind, email, out);
    case 'ok':
      out.log(
        `Password reset link for ${result.email}, valid once until ${new Date(result.expiresAt).toISOString()} ` +
          '(an earlier link stops working):',
      );
      out.log(result.link);
      return 0;
    default:
      return unhandled(result);
  }
}

/** A command given an email that is no address, or no user's: one line, exit code 1. */
function refuseEmail(kind: 'invalid-email' | 'unknown-email', email: string, out: CliOutput): number {
  out.error(kind === 'invalid-email' ? `Not a valid email address: ${email}` : `No user with email ${email}`);
  return 1;
}
