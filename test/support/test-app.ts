import type { Translations } from '../../src/application/shared/ports/translations.js';
import type { BreachedPasswordsConfig } from '../../src/infrastructure/config.js';
import type { ProvidersConfig } from '../../src/infrastructure/providers/providers-config.js';
import type Koa from 'koa';
import supertest from 'supertest';
import type { SetUserAdmin } from '../../src/application/administration/set-user-admin.js';
import type { AuditEvents } from '../../src/application/audit/ports/audit-events.js';
import type { RememberTokens } from '../../src/application/devices/ports/remember-tokens.js';
import type { CreatePasswordResetLink } from '../../src/application/links/create-password-reset-link.js';
import type { EmailVerificationPolicy } from '../../src/application/links/authorize-verified-email.js';
import type { OneTimeTokens } from '../../src/application/links/ports/one-time-tokens.js';
import type { OutgoingMail } from '../../src/application/mail/outgoing-mail.js';
import type { Passkeys } from '../../src/application/passkeys/ports/passkeys.js';
import type { ThrottleLimits } from '../../src/application/shared/auth-throttle.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { SecondFactorRequirement } from '../../src/application/two-factor/second-factor-policy.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { SessionStorage } from '../../src/application/shared/ports/session-storage.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import type { RecoveryCodes } from '../../src/application/two-factor/ports/recovery-codes.js';
import type { SecretBox } from '../../src/application/two-factor/ports/secret-box.js';
import type { TotpCredentials } from '../../src/application/two-factor/ports/totp-credentials.js';
import { accountsIds } from '../../src/infrastructure/accounts/accounts-ids.js';
import { administrationIds } from '../../src/infrastructure/administration/administration-ids.js';
import { auditIds } from '../../src/infrastructure/audit/audit-ids.js';
import { devicesIds } from '../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../src/infrastructure/links/links-ids.js';
import type { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { mailIds } from '../../src/infrastructure/mail/mail-ids.js';
import { passkeysIds } from '../../src/infrastructure/passkeys/passkeys-ids.js';
import type { Resolve } from '../../src/infrastructure/shared/binding.js';
import { sharedIds } from '../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../src/infrastructure/two-factor/two-factor-ids.js';
import type { SessionLifetime } from '../../src/web/shared/koa-session-store.js';
import type { WebOptions } from '../../src/web/shared/web-options.js';
import type { TestAccountStores } from './account-settings.js';
import { testConfig, testContainer } from './test-container.js';

/** The second factor's stores of a test app, for a test to look at. */
export interface TestTwoFactorStores {
  readonly totp: TotpCredentials;
  readonly recoveryCodes: RecoveryCodes;
  readonly box: SecretBox;
}

/** An app on in-memory adapters, and the parts a test may want to look at. */
export interface TestApp {
  readonly app: Koa;
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  /** Any part of the app's composition root, by its id (`twoFactorIds.getSecondFactors`). */
  readonly get: Resolve;
  /** Grants or revokes the admin flag, as the CLI's `admin grant|revoke` and the user pages do. */
  readonly setUserAdmin: SetUserAdmin;
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

/** What a test may change of the app `buildTestApp` builds. */
export interface TestAppParts {
  users?: UserRepository;
  hasher?: PasswordHasher;
  options?: Partial<
    Pick<WebOptions, 'logger' | 'production' | 'trustedOrigins' | 'proxyHops' | 'secureCookies' | 'sessionKeys' | 'readinessChecks'>
  >;
  /** Brute-force limits; the production defaults unless given. */
  throttle?: Partial<ThrottleLimits>;
  clock?: Clock;
  sessions?: TestSessionParts;
  /** Required with `users` not in memory: transactions writing where they do. */
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
  /** EMAIL_CODE_LOGIN; off unless given. */
  emailCodeLogin?: boolean;
  /** Remembered devices: where they live (in memory unless given) and REMEMBER_ME_SECONDS. */
  remember?: { tokens?: RememberTokens; lifetimeMs?: number };
  /** SUDO_SECONDS in milliseconds; ten minutes unless given. */
  sudoMs?: number;
  /** PASSWORD_HASHER as configured: its password limits (the hasher itself stays the fake unless `hasher` is given). */
  passwordHasher?: 'bcrypt' | 'argon2id';
  /** Where passkeys live; in memory unless given. */
  passkeys?: Passkeys;
  /** REQUIRE_2FA_FOR_ADMINS=true, the same as `requireTwoFactor: 'admins'`; false unless given. */
  requireTwoFactorForAdmins?: boolean;
  /** REQUIRE_2FA (`off` unless given, or `admins` with requireTwoFactorForAdmins) and REQUIRE_2FA_GRACE_DAYS in milliseconds. */
  requireTwoFactor?: SecondFactorRequirement;
  twoFactorGraceMs?: number;
  /** BREACHED_PASSWORDS*; off unless given. */
  breachedPasswords?: BreachedPasswordsConfig;
  /** NEW_DEVICE_ALERTS (on unless given) and NEW_DEVICE_ALERT_DAYS in milliseconds. */
  newDeviceAlerts?: { enabled?: boolean; windowMs?: number };
  /** The catalogs; those under locales/ unless given (a test's own second language). */
  translations?: Translations;
  /** The sign-in providers (GOOGLE_*, OIDC_PROVIDERS…); none unless given. */
  providers?: ProvidersConfig;
}

/**
 * Builds the real Koa app through the production composition root, on in-memory stores
 * and a fake hasher unless told otherwise: the parts given replace the container's own
 * before anything is resolved.
 */
export function buildTestApp(parts: TestAppParts = {}): TestApp {
  const config = testConfig((defaults) => ({
    ...defaults,
    production: parts.options?.production ?? false,
    session: { ...defaults.session, keys: parts.options?.sessionKeys ?? defaults.session.keys },
    throttle: { ...defaults.throttle, ...parts.throttle },
    sessionLifetime: parts.sessions?.lifetime ?? TEST_SESSION_LIFETIME,
    rememberMe: { lifetimeMs: parts.remember?.lifetimeMs ?? defaults.rememberMe.lifetimeMs },
    trustedOrigins: parts.options?.trustedOrigins ?? defaults.trustedOrigins,
    proxyHops: parts.options?.proxyHops ?? defaults.proxyHops,
    sessionCookieSecure: parts.options?.secureCookies ?? false,
    accounts: {
      ...defaults.accounts,
      emailVerification: parts.emailVerification ?? 'optional',
      emailCodeLogin: parts.emailCodeLogin ?? false,
    },
    administration: { ...defaults.administration, ...(parts.sudoMs !== undefined && { sudoMs: parts.sudoMs }) },
    secondFactorPolicy: {
      requirement: parts.requireTwoFactor ?? (parts.requireTwoFactorForAdmins ? 'admins' : 'off'),
      graceMs: parts.twoFactorGraceMs ?? 0,
    },
    newDeviceAlerts: { ...defaults.newDeviceAlerts, ...parts.newDeviceAlerts },
    breachedPasswords: parts.breachedPasswords ?? defaults.breachedPasswords,
    providers: parts.providers ?? defaults.providers,
    passwordHasher: { ...defaults.passwordHasher, algorithm: parts.passwordHasher ?? defaults.passwordHasher.algorithm },
  }));
  const sessionClock = parts.sessions?.clock;
  const built = testContainer({
    config,
    ...(parts.clock && { clock: parts.clock }),
    ...(sessionClock && { sessionClock: { now: sessionClock } }),
    ...(parts.hasher && { hasher: parts.hasher }),
    ...(parts.options?.logger && { logger: parts.options.logger }),
  });
  const { get, replace } = built;
  if (parts.users) replace(sharedIds.users, parts.users);
  if (parts.translations) replace(sharedIds.translations, parts.translations);
  if (parts.sessions?.storage) replace(sharedIds.sessionStorage, parts.sessions.storage);
  if (parts.remember?.tokens) replace(devicesIds.rememberTokens, parts.remember.tokens);
  if (parts.passkeys) replace(passkeysIds.passkeys, parts.passkeys);
  if (parts.accounts) {
    replace(sharedIds.transactions, parts.accounts.transactions);
    replace(linksIds.oneTimeTokens, parts.accounts.tokens);
  }
  if (parts.options?.readinessChecks) {
    for (const check of parts.options.readinessChecks) built.container.bind(sharedIds.readinessChecks).toConstantValue(check);
  }
  const audit = parts.audit ?? parts.accounts?.audit;
  if (audit) replace(auditIds.auditEvents, audit);

  const requestPasswordReset = get(linksIds.requestPasswordReset);
  const requestLoginCode = get(accountsIds.requestLoginCode);
  const outbox = get(mailIds.outbox) as InMemoryMailOutbox;
  return {
    app: get(sharedIds.app),
    users: get(sharedIds.users),
    hasher: get(sharedIds.hasher),
    get,
    setUserAdmin: get(administrationIds.setUserAdmin),
    sessions: get(sharedIds.sessionStorage),
    rememberTokens: get(devicesIds.rememberTokens),
    createPasswordResetLink: get(linksIds.createPasswordResetLink),
    async queuedMail() {
      await requestPasswordReset.idle();
      await requestLoginCode.idle();
      return parts.accounts ? parts.accounts.queuedMail() : [...outbox.queued];
    },
    get account(): TestAccountStores {
      if (parts.accounts) throw new Error('buildTestApp: this app keeps its accounts on a database; read them there');
      return {
        transactions: get(sharedIds.transactions),
        tokens: get(linksIds.oneTimeTokens),
        outbox,
        audit: get(auditIds.auditEvents),
      } as TestAccountStores;
    },
    clock: built.clock,
    audit: get(auditIds.auditEvents),
    twoFactor: {
      totp: get(twoFactorIds.totpCredentials),
      recoveryCodes: get(twoFactorIds.recoveryCodes),
      box: get(twoFactorIds.secretBox),
    },
  };
}

/** A cookie-keeping client, like one browser, on the app's callback (no port opened). */
export function browser(app: Koa) {
  return supertest.agent(app.callback());
}

/** The page's own content, `<main>`: without the layout's navigation and footer (its language switch). */
export function mainOf(html: string): string {
  const found = /<main[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!found) throw new Error('no <main> on the page');
  return found[1] ?? '';
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
