import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import { type RememberedDeviceKey, selectorOf } from './remembered-device-key.js';

/** Who asks, and the key of the remembered device they ask from (null: none). */
export interface ListRememberedDevicesInput {
  readonly userId: UserId;
  readonly currentKey: RememberedDeviceKey | null;
}

/** A remembered device as its owner sees it: never its selector or validator. Times are epoch milliseconds. */
export interface RememberedDevice {
  /** The public name to forget it by. */
  readonly handle: string;
  /** The User-Agent and client address of its latest use. */
  readonly userAgent: string;
  readonly ip: string;
  readonly createdAt: number;
  readonly lastUsedAt: number;
  readonly expiresAt: number;
  /** The public handle of the session it last started. */
  readonly sessionHandle: string | null;
  /** True for the device that asks. */
  readonly thisDevice: boolean;
}

/** The user's live remembered devices, the most recently used first. */
export type ListRememberedDevicesResult = { readonly kind: 'ok'; readonly devices: readonly RememberedDevice[] };

/** Lists the devices that keep a user logged in, for the sessions page. */
export class ListRememberedDevices {
  constructor(
    private readonly tokens: RememberTokens,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListRememberedDevicesInput): Promise<ListRememberedDevicesResult> {
    const current = selectorOf(input.currentKey);
    const tokens = await this.tokens.listOfUser(input.userId, this.clock.now());
    const devices = tokens.map(
      (token): RememberedDevice => ({
        handle: token.handle,
        userAgent: token.userAgent,
        ip: token.ip,
        createdAt: token.createdAt,
        lastUsedAt: token.lastUsedAt,
        expiresAt: token.expiresAt,
        sessionHandle: token.sessionHandle,
        thisDevice: token.selector === current,
      }),
    );
    return { kind: 'ok', devices };
  }
}
