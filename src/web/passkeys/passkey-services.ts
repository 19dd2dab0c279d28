import type { PendingLogins } from '../../application/accounts/pending-login.js';
import type { DeletePasskey } from '../../application/passkeys/delete-passkey.js';
import type { FinishPasskeyLogin } from '../../application/passkeys/finish-passkey-login.js';
import type { FinishPasskeyRegistration } from '../../application/passkeys/finish-passkey-registration.js';
import type { FinishPasskeySecondFactor } from '../../application/passkeys/finish-passkey-second-factor.js';
import type { ListPasskeys } from '../../application/passkeys/list-passkeys.js';
import type { RenamePasskey } from '../../application/passkeys/rename-passkey.js';
import type { StartPasskeyLogin } from '../../application/passkeys/start-passkey-login.js';
import type { StartPasskeyRegistration } from '../../application/passkeys/start-passkey-registration.js';
import type { StartPasskeySecondFactor } from '../../application/passkeys/start-passkey-second-factor.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';

/** The use cases of passkeys (WebAuthn): each ceremony's two halves, the list, the removal and the renaming. */
export interface PasskeyServices {
  readonly startRegistration: StartPasskeyRegistration;
  readonly finishRegistration: FinishPasskeyRegistration;
  readonly startLogin: StartPasskeyLogin;
  readonly finishLogin: FinishPasskeyLogin;
  /** A passkey as the second factor of a pending login: its options, and its answer (counted as a code is). */
  readonly startSecondFactor: StartPasskeySecondFactor;
  readonly finishSecondFactor: FinishPasskeySecondFactor;
  readonly list: ListPasskeys;
  readonly delete: DeletePasskey;
  readonly rename: RenamePasskey;
  /** Sudo mode, before adding a passkey or removing the last one. */
  readonly confirmSudo: ConfirmSudo;
  /** The rules of a pending login, whose second step a passkey may be. */
  readonly pendingLogins: PendingLogins;
}
