import { passkeyNewName } from '../../domain/passkeys/passkey-name.js';
import type { UserId } from '../../domain/shared/user.js';
import type { Passkeys } from './ports/passkeys.js';

/** Which passkey a user renames, and the name they typed for it. */
export interface RenamePasskeyInput {
  readonly userId: UserId;
  readonly passkeyId: number;
  /** As typed: the domain's rule trims it and refuses it blank or too long. */
  readonly name: string;
}

/** The outcome; only `ok` wrote anything, and carries the name as saved. */
export type RenamePasskeyResult =
  | { readonly kind: 'ok'; readonly name: string }
  // Nothing but white space was typed.
  | { readonly kind: 'name-empty' }
  | { readonly kind: 'name-too-long' }
  // No such passkey of this user: another user's passkey stays as it is.
  | { readonly kind: 'not-found' };

/**
 * Gives one of the user's own passkeys a new name, read by the rule a registration's
 * name follows. A name is only a label the owner reads on the passkeys page, not a
 * credential: no password asked, no notice by mail, no security event.
 */
export class RenamePasskey {
  constructor(private readonly passkeys: Passkeys) {}

  async execute(input: RenamePasskeyInput): Promise<RenamePasskeyResult> {
    const named = passkeyNewName(input.name);
    if (named.kind === 'empty') return { kind: 'name-empty' };
    if (named.kind === 'too-long') return { kind: 'name-too-long' };
    const renamed = await this.passkeys.rename(input.userId, input.passkeyId, named.name);
    return renamed ? { kind: 'ok', name: named.name } : { kind: 'not-found' };
  }
}
