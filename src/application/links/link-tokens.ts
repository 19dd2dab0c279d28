import type { User } from '../../domain/shared/user.js';
import type { AccountLinks } from './ports/account-links.js';
import type { OneTimeTokens, StoredToken } from './ports/one-time-tokens.js';
import { isWellFormedToken, type SecretTokens } from '../shared/ports/secret-tokens.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** How long each kind of link works (config.accounts). */
export interface LinkLifetimes {
  readonly passwordResetMs: number;
  /** Email verification and email change links. */
  readonly emailVerificationMs: number;
}

/** The purposes whose links go to the address the account has now. */
export type OwnAddressPurpose = 'password-reset' | 'email-verification';

/** A link just issued: what a message (or the CLI) carries. */
export interface IssuedLink {
  readonly link: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  readonly expiresInMinutes: number;
}

/** A live token and the user it belongs to. */
export interface LiveToken {
  readonly token: StoredToken;
  readonly user: User;
}

/** The stores a token is checked against: plain ones, or a transaction's. */
export interface TokenStores {
  readonly users: UserRepository;
  readonly tokens: OneTimeTokens;
}

/**
 * The rules of the single-use tokens that links carry, in one place. A token is a
 * 256-bit secret of which only the hash is stored; a newer one of the same purpose
 * supersedes the older (`OneTimeTokens.issue`). A token is bound to the address it was
 * sent to: once the account's address changed, it opens nothing, so a link in a
 * mailbox the user gave up cannot reset the password of the account.
 */
export class LinkTokens {
  constructor(
    private readonly secrets: SecretTokens,
    private readonly links: AccountLinks,
    private readonly lifetimes: LinkLifetimes,
  ) {}

  /** Stores a new token of `purpose` for `user` (superseding the older one) and returns its link. */
  async issue(tokens: OneTimeTokens, purpose: OwnAddressPurpose, user: User, now: number): Promise<IssuedLink> {
    const reset = purpose === 'password-reset';
    const secret = this.secrets.create();
    const lifetimeMs = reset ? this.lifetimes.passwordResetMs : this.lifetimes.emailVerificationMs;
    const expiresAt = now + lifetimeMs;
    await tokens.issue({ tokenHash: secret.hash, purpose, userId: user.id, newEmail: user.email.value, expiresAt });
    const link = reset ? this.links.passwordReset(secret.token) : this.links.emailVerification(secret.token);
    return { link, expiresAt, expiresInMinutes: Math.round(lifetimeMs / 60_000) };
  }

  /**
   * The live token a visitor sent and its user, without using it; null when the token
   * is malformed (refused before any look-up), unknown, used, expired, or its user is
   * gone or has another address now.
   */
  async find(stores: TokenStores, purpose: OwnAddressPurpose, sent: unknown, now: number): Promise<LiveToken | null> {
    const hash = this.hashOf(sent);
    const token = hash === null ? null : await stores.tokens.find(purpose, hash, now);
    return token ? this.withOwner(stores, token) : null;
  }

  /** Uses the live token a visitor sent, as `find` judges it; null when there is none. Call inside a transaction. */
  async consume(
    stores: TokenStores,
    purpose: OwnAddressPurpose,
    sent: unknown,
    now: number,
  ): Promise<LiveToken | null> {
    const hash = this.hashOf(sent);
    const token = hash === null ? null : await stores.tokens.consume(purpose, hash, now);
    return token ? this.withOwner(stores, token) : null;
  }

  private hashOf(sent: unknown): string | null {
    return isWellFormedToken(sent) ? this.secrets.hashOf(sent) : null;
  }

  private async withOwner(stores: TokenStores, token: StoredToken): Promise<LiveToken | null> {
    const user = await stores.users.findById(token.userId);
    if (!user || (token.newEmail !== null && token.newEmail !== user.email.value)) return null;
    return { token, user };
  }
}
