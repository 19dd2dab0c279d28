import type { UserId } from '../../domain/shared/user.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import { type RememberedDeviceKey, selectorOf } from './remembered-device-key.js';

/** A logout, with the key the device holds (null: none, or one not of the app's shape). */
export interface ForgetThisDeviceInput {
  readonly userId: UserId;
  readonly key: RememberedDeviceKey | null;
}

/** `forgotten` when the key named one of the user's remembered devices, which is now gone. */
export type ForgetThisDeviceResult = { readonly kind: 'forgotten' } | { readonly kind: 'none' };

/**
 * Forgets the device a user logs out on: the token its key names is deleted, but
 * only when it is that user's, so a key left by someone else cannot be used to
 * delete their token and a logout never touches another account.
 */
export class ForgetThisDevice {
  constructor(private readonly tokens: RememberTokens) {}

  async execute(input: ForgetThisDeviceInput): Promise<ForgetThisDeviceResult> {
    const selector = selectorOf(input.key);
    if (selector === null) return { kind: 'none' };
    return (await this.tokens.delete(input.userId, selector)) ? { kind: 'forgotten' } : { kind: 'none' };
  }
}
