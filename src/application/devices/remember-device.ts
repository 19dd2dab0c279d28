import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import type { SecretTokens } from '../shared/ports/secret-tokens.js';
import { type IssuedDeviceKey, type RememberedDeviceKey, selectorOf } from './remembered-device-key.js';

/** A completed login with "Keep me logged in on this device" ticked. */
export interface RememberDeviceInput {
  readonly userId: UserId;
  /** The public handle of the session the login just started. */
  readonly sessionHandle: string;
  /** The key the device holds already (null: none): the token it names is replaced when it is this user's. */
  readonly currentKey: RememberedDeviceKey | null;
  /** The User-Agent (cut to 512 characters) and the client address, for the sessions page. */
  readonly userAgent: string;
  readonly clientAddress: string;
}

/** The outcome: the key for the device to keep, living `lifetimeMs` from now. */
export type RememberDeviceResult = { readonly kind: 'ok' } & IssuedDeviceKey;

/**
 * Remembers the device a user has just logged in on: a new token with a random
 * selector and validator, of which only the validator's SHA-256 is stored, bound to the
 * session the login started and living `lifetimeMs` from now, never longer. Call it
 * only once every step of the login has passed (a second factor included), so the
 * token never stands in for one.
 */
export class RememberDevice {
  constructor(
    private readonly tokens: RememberTokens,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
    private readonly lifetimeMs: number,
  ) {}

  async execute(input: RememberDeviceInput): Promise<RememberDeviceResult> {
    // A device holds one key: the token it named stops working with it.
    const replaced = selectorOf(input.currentKey);
    if (replaced !== null) await this.tokens.delete(input.userId, replaced);

    const now = this.clock.now();
    const selector = this.secrets.create().token;
    const validator = this.secrets.create();
    await this.tokens.issue({
      handle: this.secrets.handle(),
      selector,
      validatorHash: validator.hash,
      userId: input.userId,
      sessionHandle: input.sessionHandle,
      createdAt: now,
      expiresAt: now + this.lifetimeMs,
      userAgent: input.userAgent,
      ip: input.clientAddress,
    });
    return { kind: 'ok', key: { selector, validator: validator.token }, lifetimeMs: this.lifetimeMs };
  }
}
