import { join } from 'node:path';
import type Koa from 'koa';
import supertest from 'supertest';
import { AuthorizeAdmin } from '../../src/application/authorize-admin.js';
import { AuthorizeVerifiedEmail, type EmailVerificationPolicy } from '../../src/application/authorize-verified-email.js';
import { CheckLinkToken } from '../../src/application/check-link-token.js';
import { CreatePasswordResetLink } from '../../src/application/create-password-reset-link.js';
import { GetProfile } from '../../src/application/get-profile.js';
import { ListAccountActivity } from '../../src/application/list-account-activity.js';
import { ListUsers } from '../../src/application/list-users.js';
import { LogIn } from '../../src/application/log-in.js';
import type { ThrottleLimits } from '../../src/application/auth-throttle.js';
import type { AuditEvents } from '../../src/application/ports/audit-events.js';
import { SecurityEventRecorder } from '../../src/application/security-event-recorder.js';
import type { OutgoingMail } from '../../src/application/outgoing-mail.js';
import type { Clock } from '../../src/application/ports/clock.js';
import type { OneTimeTokens } from '../../src/application/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../src/application/ports/password-hasher.js';
import type { Transactions } from '../../src/application/ports/transactions.js';
import type { UserRepository } from '../../src/application/ports/user-repository.js';
import { RequestPasswordReset } from '../../src/application/request-password-reset.js';
import { ResetPassword } from '../../src/application/reset-password.js';
import { SendEmailVerification } from '../../src/application/send-email-verification.js';
import { SetAdminFlag } from '../../src/application/set-admin-flag.js';
import { SignUp } from '../../src/application/sign-up.js';
import { VerifyEmail } from '../../src/application/verify-email.js';
import { InMemoryAuditEvents } from '../../src/infrastructure/persistence/in-memory-audit-events.js';
import { InMemoryUserRepository } from '../../src/infrastructure/persistence/in-memory-user-repository.js';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { ZxcvbnCommonPasswords } from '../../src/infrastructure/security/zxcvbn-common-passwords.js';
import { koaSessionStore, type SessionLifetime } from '../../src/web/koa-session-store.js';
import { MemorySessionStorage } from '../../src/infrastructure/sessions/memory-session-storage.js';
import type { SessionStorage } from '../../src/application/ports/session-storage.js';
import { createApp } from '../../src/web/app.js';
import { silentLogger } from '../../src/web/logger.js';
import type { AppServices, WebOptions } from '../../src/web/services.js';
import { testAccountSettings, type TestAccountStores } from './account-settings.js';
import { inMemoryAccounts, testLinkTokens } from './accounts.js';
import { FakePasswordHasher } from './fake-password-hasher.js';
import { ManualClock, testThrottle } from './throttle.js';
import { EndSessions } from '../../src/application/end-sessions.js';
import type { RememberTokens } from '../../src/application/ports/remember-tokens.js';
import { InMemoryRememberTokens } from '../../src/infrastructure/persistence/in-memory-remember-tokens.js';
import { testRememberServices } from './remember-me.js';
import { testAdministration } from './administration.js';
import type { Passkeys } from '../../src/application/ports/passkeys.js';
import { InMemoryPasskeys } from '../../src/infrastructure/persistence/in-memory-passkeys.js';
import { testPasskeyServices } from './passkeys.js';
import { type TestTwoFactorStores, testTwoFactor } from './two-factor.js';

/** An app on in-memory adapters, and the parts a test may want to look at. */
export interface TestApp {
  readonly app: Koa;
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly services: AppServices;
  /** The CLI's code path for `admin grant|revoke`. */
  readonly setAdminFlag: SetAdminFlag;
  /** Where the server-side sessions live (in memory unless told otherwise). */
  readonly sessions: SessionStorage;
  /** Where remembered devices live (in memory unless told otherwise). */
  readonly rememberTokens: RememberTokens;
  /** The CLI's code path for `user reset-link`. */
  readonly createPasswordResetLink: CreatePasswordResetLink;
  /** Every message queued so far, oldest first (after the password reset requests accepted so far wrote theirs). */
  queuedMail(): Promise<OutgoingMail[]>;
  /** The in-memory tokens and outbox; throws when the app was given `accounts` on a database. */
  readonly account: TestAccountStores;
  /** The clock of the throttle, of the tokens and of the security events. */
  readonly clock: Clock;
  /** The audit trail the app's security events are stored in. */
  readonly audit: AuditEvents;
  /** Where the second factors live, and the box that seals the secrets. */
  readonly twoFactor: TestTwoFactorStores;
}

/** The production defaults: 2 hours idle, 7 days at most. */
export const TEST_SESSION_LIFETIME: SessionLifetime = { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 };

/** How a test may change the server-side sessions: storage, lifetimes, clock. */
export interface TestSessionParts {
  readonly storage?: SessionStorage;
  readonly lifetime?: SessionLifetime;
  readonly clock?: () => number;
}

/** Builds the real Koa app on in-memory users and a fake hasher unless told otherwise. */
export function buildTestApp(
  parts: {
    users?: UserRepository;
    hasher?: PasswordHasher;
    options?: Partial<WebOptions>;
    /** Brute-force limits; the production defaults unless given. */
    throttle?: Partial<ThrottleLimits>;
    clock?: Clock;
    sessions?: TestSessionParts;
    /** Required with `users` other than in-memory ones: transactions writing where they do. */
    accounts?: {
      transactions: Transactions;
      tokens: OneTimeTokens;
      queuedMail(): Promise<OutgoingMail[]>;
      /** Where the security events are stored; in memory unless given. */
      audit?: AuditEvents;
    };
    /** Where the security events are stored, instead of the accounts' own audit trail (a failing one). */
    audit?: AuditEvents;
    /** EMAIL_VERIFICATION; `optional` unless given. */
    emailVerification?: EmailVerificationPolicy;
    /** Remembered devices: where they live (in memory unless given) and REMEMBER_ME_SECONDS. */
    remember?: { tokens?: RememberTokens; lifetimeMs?: number };
    /** SUDO_SECONDS in milliseconds; ten minutes unless given. */
    sudoMs?: number;
    /** Where passkeys live; in memory unless given. */
    passkeys?: Passkeys;
    /** REQUIRE_2FA_FOR_ADMINS; false unless given. */
    requireTwoFactorForAdmins?: boolean;
  } = {},
): TestApp {
  const users = parts.users ?? new InMemoryUserRepository();
  const hasher = parts.hasher ?? new FakePasswordHasher();
  const clock = parts.clock ?? new ManualClock();
  const throttle = testThrottle(parts.throttle, clock);
  const sessions = parts.sessions?.storage ?? new MemorySessionStorage();
  const rememberTokens = parts.remember?.tokens ?? new InMemoryRememberTokens();
  const endSessions = new EndSessions(sessions, rememberTokens);
  const memory = parts.accounts ? null : inMemoryAccountsOn(users, parts.passkeys, rememberTokens);
  const { transactions, tokens, queuedMail } = parts.accounts ?? (memory as NonNullable<typeof memory>);
  const common = new ZxcvbnCommonPasswords();
  const linkTokens = testLinkTokens();
  const logger = parts.options?.logger ?? silentLogger;
  const audit = parts.audit ?? parts.accounts?.audit ?? memory?.stores.audit ?? new InMemoryAuditEvents();
  const securityEvents = new SecurityEventRecorder(logger, audit, clock);
  const passkeys = parts.passkeys ?? memory?.transactions.stores.passkeys ?? new InMemoryPasskeys();
  const twoFactor = testTwoFactor({ users, transactions, throttle, clock, passkeys, endSessions });
  const requestPasswordReset = new RequestPasswordReset(transactions, linkTokens, clock, throttle, logger, securityEvents);
  const services: AppServices = {
    signUp: new SignUp(users, hasher, common, throttle, transactions, linkTokens, clock),
    logIn: new LogIn(users, hasher, throttle, securityEvents),
    authorizeAdmin: new AuthorizeAdmin(users),
    getProfile: new GetProfile(users),
    listUsers: new ListUsers(users, clock, silentLogger),
    requestPasswordReset,
    resetPassword: new ResetPassword(users, tokens, transactions, linkTokens, hasher, common, endSessions, clock),
    checkLinkToken: new CheckLinkToken(users, tokens, linkTokens, clock),
    verifyEmail: new VerifyEmail(transactions, linkTokens, clock),
    sendEmailVerification: new SendEmailVerification(transactions, linkTokens, clock, throttle),
    authorizeVerifiedEmail: new AuthorizeVerifiedEmail(users, parts.emailVerification ?? 'optional'),
    account: testAccountSettings({
      users,
      hasher,
      commonPasswords: common,
      throttle,
      sessions,
      endSessions,
      clock,
      sessionClock: { now: parts.sessions?.clock ?? Date.now },
      transactions,
      tokens,
    }),
    remember: testRememberServices({ tokens: rememberTokens, users, endSessions, clock, lifetimeMs: parts.remember?.lifetimeMs }),
    passkeys: testPasskeyServices({
      passkeys,
      users,
      transactions,
      clock,
      events: securityEvents,
      throttle,
      endSessions,
    }),
    administration: testAdministration({
      users,
      hasher,
      throttle,
      sessions,
      endSessions,
      transactions,
      linkTokens,
      clock,
      sessionClock: { now: parts.sessions?.clock ?? Date.now },
      ...(parts.sudoMs !== undefined && { sudoMs: parts.sudoMs }),
      getSecondFactors: twoFactor.services.getSecondFactors,
      requireSecondFactorForAdmins: parts.requireTwoFactorForAdmins ?? false,
    }),
    listAccountActivity: new ListAccountActivity(users, audit, securityEvents),
    securityEvents,
    twoFactor: twoFactor.services,
  };
  const lifetime = parts.sessions?.lifetime ?? TEST_SESSION_LIFETIME;
  const app = createApp(services, {
    sessionKeys: ['test-session-key'],
    production: false,
    viewsDir: join(projectRoot(), 'views'),
    // Server-side sessions, as in production.
    sessionStore: koaSessionStore(sessions, lifetime, parts.sessions?.clock),
    sessionMaxAgeMs: lifetime.absoluteMs,
    ...parts.options,
  });
  return {
    app,
    users,
    hasher,
    services,
    setAdminFlag: new SetAdminFlag(users, securityEvents),
    sessions,
    rememberTokens,
    createPasswordResetLink: new CreatePasswordResetLink(transactions, linkTokens, clock),
    async queuedMail() {
      await requestPasswordReset.idle();
      return queuedMail();
    },
    get account(): TestAccountStores {
      if (!memory) throw new Error('buildTestApp: this app keeps its accounts on a database; read them there');
      return memory.stores;
    },
    clock,
    audit,
    twoFactor: twoFactor.stores,
  };
}

/** In-memory tokens, outbox and transactions over in-memory `users`. */
function inMemoryAccountsOn(users: UserRepository, passkeys: Passkeys | undefined, rememberTokens: RememberTokens) {
  if (!(users instanceof InMemoryUserRepository)) {
    throw new Error('buildTestApp: with users not in memory, pass `accounts` (transactions on their database)');
  }
  if (passkeys !== undefined && !(passkeys instanceof InMemoryPasskeys)) {
    throw new Error('buildTestApp: with passkeys not in memory, pass `accounts` (transactions on their database)');
  }
  if (!(rememberTokens instanceof InMemoryRememberTokens)) {
    throw new Error('buildTestApp: with remembered devices not in memory, pass `accounts` (transactions on their database)');
  }
  const { transactions, tokens, outbox, audit } = inMemoryAccounts(users, passkeys, rememberTokens);
  const stores: TestAccountStores = { transactions, tokens, outbox, audit };
  return { transactions, tokens, stores, queuedMail: async () => [...outbox.queued] };
}

/** A cookie-keeping client, like one browser, on the app's callback (no port opened). */
export function browser(app: Koa) {
  return supertest.agent(app.callback());
}

/** The text of the flash of this kind on a rendered page, or null. */
export function flashOf(html: string, kind: 'messageSuccess' | 'messageFailure'): string | null {
  const match = new RegExp(`data-flash="${kind}"[^>]*>([^<]*)<`).exec(html);
  return match ? decodeEntities(match[1] ?? '') : null;
}

/** True when the page shows the logout link, i.e. the view variable `user` was true. */
export function showsLoggedIn(html: string): boolean {
  return html.includes('href="/logout"');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
