import { CheckLinkToken } from '../../../src/application/links/check-link-token.js';
import type { LinkTokens } from '../../../src/application/links/link-tokens.js';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { ResetPassword } from '../../../src/application/links/reset-password.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { User } from '../../../src/domain/shared/user.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { ZxcvbnCommonPasswords } from '../../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import { type InMemoryAccounts, inMemoryAccounts, testLinkTokens } from '../accounts.js';
import { FakePasswordHasher } from '../fake-password-hasher.js';
import { ManualClock, testThrottle } from '../throttle.js';
import { EndSessions } from '../../../src/application/devices/end-sessions.js';

/** In-memory stores, a clock a test moves, real link tokens, and one user: ada@example.com, id 1. */
export interface LinkFixture extends InMemoryAccounts {
  readonly clock: ManualClock;
  readonly linkTokens: LinkTokens;
  readonly hasher: FakePasswordHasher;
  readonly sessions: MemorySessionStorage;
  readonly rememberTokens: InMemoryRememberTokens;
  readonly throttle: ReturnType<typeof testThrottle>;
  readonly ada: User;
  /** Issues a link of this purpose for ada, as a message would carry it, and returns its token. */
  issue(purpose: 'password-reset' | 'email-verification'): Promise<string>;
  /** ResetPassword on these stores. */
  resetPassword(): ResetPassword;
  /** CheckLinkToken on these stores. */
  checkLinkToken(): CheckLinkToken;
}

export const HOUR = 60 * 60 * 1000;

/** A fresh fixture. */
export async function linkFixture(): Promise<LinkFixture> {
  const accounts = inMemoryAccounts();
  const clock = new ManualClock();
  const linkTokens = testLinkTokens();
  const hasher = new FakePasswordHasher();
  const sessions = new MemorySessionStorage();
  const rememberTokens = new InMemoryRememberTokens();
  const email = Email.parse('ada@example.com') as Email;
  const ada = await accounts.users.create({ email, passwordHash: 'fake$10$old password', phone: null });
  return {
    ...accounts,
    clock,
    linkTokens,
    hasher,
    sessions,
    rememberTokens,
    throttle: testThrottle({}, clock),
    ada,
    async issue(purpose) {
      const user = (await accounts.users.findById(ada.id)) ?? ada;
      return tokenOf((await linkTokens.issue(accounts.tokens, purpose, user, clock.now())).link);
    },
    resetPassword: () =>
      new ResetPassword(
        accounts.users,
        accounts.tokens,
        accounts.transactions,
        linkTokens,
        hasher,
        new ZxcvbnCommonPasswords(),
        new EndSessions(sessions, rememberTokens),
        clock,
      ),
    checkLinkToken: () => new CheckLinkToken(accounts.users, accounts.tokens, linkTokens, clock),
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
