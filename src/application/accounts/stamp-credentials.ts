import type { UserId } from '../../domain/shared/user.js';
import type { CredentialStamps } from './ports/credential-stamps.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** The outcome: the user's stamp now, or no user any more. */
export type StampCredentialsResult = { readonly kind: 'ok'; readonly stamp: string } | { readonly kind: 'unavailable' };

/**
 * The stamp of a user's credentials as they are now. A pending login keeps the one of
 * its password step and completes only while it is still the same: a password change
 * or reset (which the pending login, not yet a session of the user, escapes otherwise)
 * voids it. The password hash itself never leaves the application layer.
 */
export class StampCredentials {
  constructor(
    private readonly users: UserRepository,
    private readonly stamps: CredentialStamps,
  ) {}

  async execute(userId: UserId): Promise<StampCredentialsResult> {
    const user = await this.users.findById(userId);
    if (!user) return { kind: 'unavailable' };
    return { kind: 'ok', stamp: this.stamps.stampOf(user.passwordHash) };
  }
}
