import type { UserId } from '../../domain/shared/user.js';

/**
 * The changes of an account that other features act on, told on the transaction of the
 * change (`Transaction.publish`). Few and typed: a feature that must follow one
 * subscribes to it, and the feature that makes the change does not know who does. The
 * composition root lists the subscribers in order; a test pins that order.
 */
export type AccountEvent =
  /** The owner changed the password: every session ends, every remembered device but the one asking is forgotten. */
  | { readonly kind: 'password-changed'; readonly userId: UserId; readonly keepDevice: string | null }
  /**
   * A reset link set a new password: every session and remembered device ends. When the
   * reset is the first proof of the mailbox, every credential added before it goes too
   * (docs/security.md, "A password reset is a recovery"). Subscribers report the second
   * factors the account had, for the notice that confirms the new password.
   */
  | {
      readonly kind: 'password-reset';
      readonly userId: UserId;
      readonly firstProofOfMailbox: boolean;
      readonly report: SecondFactorReport;
    }
  /** The account is being deleted, by its owner or an administrator: everything of it goes with it. */
  | { readonly kind: 'account-deleted'; readonly userId: UserId };

/** A user's second factors as a notice lists them: passkeys by the names their owner gave them, never a secret. */
export interface SecondFactorList {
  /** The authenticator app, switched on. */
  readonly authenticatorApp: boolean;
  readonly passkeyNames: readonly string[];
  /** Unused recovery codes. */
  readonly recoveryCodes: number;
}

/** Where the subscribers of an event put the second factors they found (and, where the event says so, removed). */
export class SecondFactorReport {
  private found: SecondFactorList = { authenticatorApp: false, passkeyNames: [], recoveryCodes: 0 };

  /** Adds what one feature found. */
  add(part: Partial<SecondFactorList>): void {
    this.found = {
      authenticatorApp: this.found.authenticatorApp || (part.authenticatorApp ?? false),
      passkeyNames: [...this.found.passkeyNames, ...(part.passkeyNames ?? [])],
      recoveryCodes: this.found.recoveryCodes + (part.recoveryCodes ?? 0),
    };
  }

  /** Everything found, or null when the account had no second factor at all. */
  list(): SecondFactorList | null {
    const { authenticatorApp, passkeyNames, recoveryCodes } = this.found;
    return authenticatorApp || passkeyNames.length > 0 || recoveryCodes > 0 ? this.found : null;
  }
}
