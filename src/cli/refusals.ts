import type { UserNotFound } from '../application/shared/user-ref.js';
import { unhandled } from '../application/shared/unhandled.js';
import type { CliOutput } from './cli-output.js';

/** A command refused for its email, or to keep an administrator who can log in: one line, exit code 1. */
export function refuse(result: UserNotFound | { readonly kind: 'last-admin'; readonly email: string }, email: string, out: CliOutput): number {
  switch (result.kind) {
    case 'invalid-email':
      out.error(`Not a valid email address: ${email}`);
      return 1;
    case 'not-found':
      out.error(`No user with email ${email}`);
      return 1;
    case 'last-admin':
      out.error(`${result.email} is the only administrator who can log in: make another user an administrator first.`);
      return 1;
    default:
      return unhandled(result);
  }
}
