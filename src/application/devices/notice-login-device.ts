import type { UserId } from '../../domain/shared/user.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import type { Clock } from '../shared/ports/clock.js';
import { isWellFormedToken, type SecretTokens } from '../shared/ports/secret-tokens.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';
import type { KnownDevice, KnownDevices } from './ports/known-devices.js';
import { knownDeviceStore } from './ports/known-devices.js';
import { askedIn } from '../mail/outgoing-mail.js';

/** A login that has just completed, by any method, and the device it came from. */
export interface NoticeLoginDeviceInput {
  readonly userId: UserId;
  /** What the browser's device cookie holds, as sent (null: none). Anything not of the shape the app makes counts as none. */
  readonly deviceToken: string | null;
  /** The browser and system as a person names them ("Firefox on Ubuntu"), for the alert. */
  readonly device: string;
  /** The request of the login: its address goes in the alert, its id with the event. */
  readonly request: RequestContext;
}

/**
 * `off` with NEW_DEVICE_ALERTS=off (nothing read, nothing kept); `account-gone` when
 * the account went while the login completed (nothing kept). Otherwise the device's
 * token for the browser to keep (the one it sent, or a new one): `first-device` for the
 * account's first known device (no alert: nothing to compare with), `known` for a device
 * used within the window (no alert), `alerted` for any other (the alert is queued).
 */
export type NoticeLoginDeviceResult =
  | { readonly kind: 'off' }
  | { readonly kind: 'account-gone' }
  | { readonly kind: 'first-device' | 'known' | 'alerted'; readonly deviceToken: string };

/** How the alerts behave: NEW_DEVICE_ALERTS, NEW_DEVICE_ALERT_DAYS, and the bounds of what is kept. */
export interface NewDeviceAlertOptions {
  readonly enabled: boolean;
  /** A device not used by the account for longer than this is new again. */
  readonly windowMs: number;
  /** Most devices kept per account: past it, the least recently seen are forgotten. */
  readonly maxDevicesPerAccount: number;
  /** A known device's last sight is written again only once it is this old, so most logins write nothing. */
  readonly refreshAfterMs: number;
}

/**
 * How long a browser keeps its device token from its latest login: 400 days, the most a
 * browser keeps a cookie. A device unseen for longer can no longer be presented, and is forgotten.
 */
export const DEVICE_TOKEN_LIFETIME_MS = 400 * 24 * 60 * 60 * 1000;

/** The bounds the app runs with. */
export const NEW_DEVICE_DEFAULTS = { maxDevicesPerAccount: 32, refreshAfterMs: 24 * 60 * 60 * 1000 } as const;

/**
 * Every completed login passes here once: it tells whether the account has used this
 * device (its device cookie, of which only the SHA-256 is kept per account) within
 * the window, and when it has not, queues a mail to the owner saying when, on what
 * device and from where, on the same transaction that makes the device known (by a
 * compare and set, so two logins of one device at once alert once). An account's first device raises no alert (a sign-up,
 * or the first login since the alerts began). A tampered, truncated or other account's
 * cookie is an unknown device. The check is one read of the account's devices through
 * their primary key; a known device writes only once a day. Recorded as
 * `login.new-device` (the log, not the activity page).
 */
export class NoticeLoginDevice {
  constructor(
    private readonly devices: KnownDevices,
    private readonly transactions: Transactions,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    private readonly options: NewDeviceAlertOptions,
  ) {}

  async execute(input: NoticeLoginDeviceInput): Promise<NoticeLoginDeviceResult> {
    if (!this.options.enabled) return { kind: 'off' };
    const { userId } = input;
    const now = this.clock.now();
    const presented = isWellFormedToken(input.deviceToken) ? input.deviceToken : null;
    const deviceToken = presented ?? this.secrets.create().token;
    const deviceHash = this.secrets.hashOf(deviceToken);

    const known = await this.devices.ofUser(userId);
    if (known.length === 0) {
      await this.devices.seen(userId, deviceHash, now);
      return { kind: 'first-device', deviceToken };
    }
    const device = presented === null ? undefined : known.find((row) => this.secrets.sameHash(row.deviceHash, deviceHash));
    if (device && now - device.lastSeenAt <= this.options.windowMs) {
      if (now - device.lastSeenAt >= this.options.refreshAfterMs) await this.devices.seen(userId, deviceHash, now);
      return { kind: 'known', deviceToken };
    }

    const outcome = await this.transactions.run(async (tx) => {
      const user = await tx.get(userStore).findById(userId);
      if (!user) return 'account-gone' as const;
      const store = tx.get(knownDeviceStore);
      // A twin login of this device, at the same instant, made it known first: it alerts.
      if (!(await store.claim(userId, deviceHash, now, now - this.options.windowMs))) return 'known' as const;
      await store.forget(userId, this.beyondTheCap(known, deviceHash));
      await tx
        .get(outboxStore)
        .enqueue({ kind: 'new-device-login', to: user.email.value, at: now, device: input.device, address: input.request.ip, ...askedIn(input.request) }, now);
      return 'alerted' as const;
    });
    if (outcome === 'account-gone') return { kind: 'account-gone' };
    if (outcome === 'alerted') await this.events.record({ type: 'login.new-device', userId, request: input.request });
    return { kind: outcome, deviceToken };
  }

  /** The devices to forget so that, with this one, the account keeps at most the cap: the least recently seen. */
  private beyondTheCap(known: readonly KnownDevice[], deviceHash: string): string[] {
    const others = known.filter((row) => row.deviceHash !== deviceHash);
    return others.slice(this.options.maxDevicesPerAccount - 1).map((row) => row.deviceHash);
  }
}
