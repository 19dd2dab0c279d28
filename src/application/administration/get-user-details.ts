import type { Clock } from '../shared/ports/clock.js';
import type { SessionStorage } from '../shared/ports/session-storage.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { GetSecondFactors, SecondFactors } from '../two-factor/get-second-factors.js';
import { toUserView, type UserView } from '../shared/user-view.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import type { LinkedProviderView, ListLinkedProviders } from '../providers/list-linked-providers.js';

/** What an administrator sees of a user: the record without its hash, the sessions open now, the second factors. */
export interface UserDetails extends UserView {
  readonly liveSessions: number;
  /** Which second factors the user has (never the secrets). */
  readonly secondFactors: SecondFactors;
  /** The sign-in providers linked to the account (none for most), and whether it has a password of its own. */
  readonly signInProviders: { readonly linked: readonly LinkedProviderView[]; readonly passwordless: boolean };
}

/** The user's details, or why there are none. */
export type GetUserDetailsResult = { readonly kind: 'ok'; readonly user: UserDetails } | UserNotFound;

/** Reads one user's state for an administrator: verified, locked, live sessions, last login, second factors, linked providers. */
export class GetUserDetails {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStorage,
    private readonly getSecondFactors: GetSecondFactors,
    private readonly clock: Clock,
    private readonly listLinkedProviders: ListLinkedProviders,
  ) {}

  async execute(input: { readonly user: UserRef }): Promise<GetUserDetailsResult> {
    const found = await findUser(this.users, input.user);
    if (found.kind !== 'found') return found;
    const { id } = found.user;
    const [liveSessions, secondFactors, providers] = await Promise.all([
      this.sessions.countOfUser(id, this.clock.now()),
      this.getSecondFactors.execute(id),
      this.listLinkedProviders.execute({ userId: id }),
    ]);
    const signInProviders = { linked: providers.linked, passwordless: providers.passwordless };
    return { kind: 'ok', user: { ...toUserView(found.user), liveSessions, secondFactors, signInProviders } };
  }
}
