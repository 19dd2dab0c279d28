import type { UserId } from '../../domain/shared/user.js';
import type { Passkeys } from './ports/passkeys.js';

/** A passkey as its owner sees it on the passkeys page. Times are epoch milliseconds. */
export interface PasskeyView {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  /** Synced to the owner's other devices (a password manager, a platform account). */
  readonly backedUp: boolean;
}

/** The user's passkeys, oldest first, with nothing of their keys. */
export class ListPasskeys {
  constructor(private readonly passkeys: Passkeys) {}

  async execute(input: { readonly userId: UserId }): Promise<{ readonly kind: 'ok'; readonly passkeys: PasskeyView[] }> {
    const stored = await this.passkeys.listOfUser(input.userId);
    return {
      kind: 'ok',
      passkeys: stored.map(({ id, name, createdAt, lastUsedAt, backedUp }) => ({ id, name, createdAt, lastUsedAt, backedUp })),
    };
  }
}
