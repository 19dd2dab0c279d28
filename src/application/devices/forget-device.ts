import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import { type RememberedDeviceKey, selectorOf } from './remembered-device-key.js';

/** The remembered device a user chose to forget, by its public handle, and the device they ask from. */
export interface ForgetDeviceInput {
  readonly userId: UserId;
  /** As the form sent it: anything; only a handle's shape is looked up. */
  readonly handle: string;
  /** The key of the remembered device asking (null: none). */
  readonly currentKey: RememberedDeviceKey | null;
  /** The request it came in; omitted outside the web. */
  readonly request?: RequestContext;
}

/** `thisDevice` when the forgotten device is the one that asked (its key is now useless). */
export type ForgetDeviceResult =
  | { readonly kind: 'forgotten'; readonly thisDevice: boolean }
  // No remembered device of this user has the handle (already forgotten, expired, or someone else's).
  | { readonly kind: 'not-found' };

/** The shape of a token's public handle: 128 random bits in hex. */
const HANDLE_SHAPE = /^[0-9a-f]{32}$/;

/**
 * Forgets one of a user's remembered devices, chosen on the sessions page: it no longer
 * logs in. Recorded as `session.revoked` (reason `remembered-device`) on the user's
 * activity, and a refusal as `session.revoke-refused`.
 */
export class ForgetDevice {
  constructor(
    private readonly tokens: RememberTokens,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ForgetDeviceInput): Promise<ForgetDeviceResult> {
    const result = await this.forget(input);
    await this.events.record({
      type: result.kind === 'forgotten' ? 'session.revoked' : 'session.revoke-refused',
      userId: input.userId,
      reason: result.kind === 'forgotten' ? 'remembered-device' : 'remembered-device-not-found',
      ...(input.request && { request: input.request }),
    });
    return result;
  }

  private async forget(input: ForgetDeviceInput): Promise<ForgetDeviceResult> {
    if (!HANDLE_SHAPE.test(input.handle)) return { kind: 'not-found' };
    const selector = selectorOf(input.currentKey);
    const asking = selector === null ? null : await this.tokens.find(selector, this.clock.now());
    if (!(await this.tokens.deleteByHandle(input.userId, input.handle))) return { kind: 'not-found' };
    return { kind: 'forgotten', thisDevice: asking?.handle === input.handle };
  }
}
