import type { UserId } from '../../domain/shared/user.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import { selectorOf } from './remember-cookie.js';

/** A logout, with the device's remember-me cookie as sent (if any). */
export interface ForgetThisDeviceInput {
  readonly userId: UserId;
  readonly cookie: string | undefined;
}

/** `forgotten` when the cookie named one of the user's remembered devices, which is now gone. */
export type ForgetThisDeviceResult = { readonly kind: 'forgotten' } | { readonly kind: 'none' };

/**
 * Forgets the device a user logs out on: the token its cookie names is deleted, but
 * only when it is that user's, so a cookie left by someone else cannot be used to
 * delete their token and a logout never touches another account.
 */
export class ForgetThisDevice {
  constructor(private readonly tokens: RememberTokens) {}

  async execute(input: ForgetThisDeviceInput): Promise<ForgetThisDeviceResult> {
    const selector = selectorOf(input.cookie);
    if (selector === null) return { kind: 'none' };
    return (await this.tokens.delete(input.userId, selector)) ? { kind: 'forgotten' } : { kind: 'none' };
  }
}
