import type { CheckLinkToken } from '../../../src/application/links/check-link-token.js';
import type { LinkTokens } from '../../../src/application/links/link-tokens.js';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import type { ResetPassword } from '../../../src/application/links/reset-password.js';
import type { VerifyEmail } from '../../../src/application/links/verify-email.js';
import type { AuthThrottle } from '../../../src/application/shared/auth-throttle.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { User } from '../../../src/domain/shared/user.js';
import { linksIds } from '../../../src/infrastructure/links/links-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { type InMemoryAccounts, inMemoryAccounts } from '../accounts.js';
import type { FakePasswordHasher } from '../fake-password-hasher.js';

/**
 * The test container's in-memory stores, its clock (which a test moves), its link tokens,
 * throttle, fake hasher and security events, and one user: ada@example.com, id 1.
 */
export interface LinkFixture extends InMemoryAccounts {
  readonly linkTokens: LinkTokens;
  readonly hasher: FakePasswordHasher;
  readonly throttle: AuthThrottle;
  /** Where the container's use cases record: the log (nowhere) and `audit`. */
  readonly events: SecurityEvents;
  readonly ada: User;
  /** Issues a link of this purpose for ada, as a message would carry it, and returns its token. */
  issue(purpose: 'password-reset' | 'email-verification'): Promise<string>;
  /** The container's ResetPassword, on these stores. */
  resetPassword(): ResetPassword;
  /** The container's CheckLinkToken, on these stores. */
  checkLinkToken(): CheckLinkToken;
  /** The container's VerifyEmail, on these stores. */
  verifyEmail(): VerifyEmail;
}

export const HOUR = 60 * 60 * 1000;

/** A fresh fixture. */
export async function linkFixture(): Promise<LinkFixture> {
  const accounts = inMemoryAccounts();
  const { clock, container } = accounts;
  const { get } = container;
  const linkTokens = get(linksIds.linkTokens);
  const email = Email.parse('ada@example.com') as Email;
  const ada = await accounts.users.create({ email, passwordHash: 'fake$10$old password', phone: null });
  return {
    ...accounts,
    linkTokens,
    hasher: get(sharedIds.hasher) as FakePasswordHasher,
    throttle: get(sharedIds.throttle),
    events: get(sharedIds.securityEvents),
    ada,
    async issue(purpose) {
      const user = (await accounts.users.findById(ada.id)) ?? ada;
      return tokenOf((await linkTokens.issue(accounts.tokens, purpose, user, clock.now())).link);
    },
    resetPassword: () => get(linksIds.resetPassword),
    checkLinkToken: () => get(linksIds.checkLinkToken),
    verifyEmail: () => get(linksIds.verifyEmail),
  };
}

/** The token a link carries. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** The link of the last queued message of this kind; throws when there is none. */
export function lastLink(queued: readonly OutgoingMail[], kind: 'password-reset' | 'email-verification'): string {
  const mail = queued.filter((message) => message.kind === kind).at(-1);
  if (!mail || !('link' in mail)) throw new Error(`no ${kind} message was queued`);
  return mail.link;
}

/** Tokens that are not well-formed: each must be refused before any look-up. */
export const MALFORMED_TOKENS: readonly [string, unknown][] = [
  ['absent', undefined],
  ['empty', ''],
  ['too short', 'a'.repeat(42)],
  ['too long', 'a'.repeat(44)],
  ['non-ASCII', `${'a'.repeat(42)}é`],
  ['with a space', `${'a'.repeat(21)} ${'a'.repeat(21)}`],
  ['repeated (an array)', ['a'.repeat(43), 'b'.repeat(43)]],
  ['an object', { token: 'a'.repeat(43) }],
];
