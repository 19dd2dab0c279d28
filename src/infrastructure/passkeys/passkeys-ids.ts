import type { DeletePasskey } from '../../application/passkeys/delete-passkey.js';
import type { FinishPasskeyLogin } from '../../application/passkeys/finish-passkey-login.js';
import type { FinishPasskeyRegistration } from '../../application/passkeys/finish-passkey-registration.js';
import type { FinishPasskeySecondFactor } from '../../application/passkeys/finish-passkey-second-factor.js';
import type { ListPasskeys } from '../../application/passkeys/list-passkeys.js';
import type { Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { WebAuthn } from '../../application/passkeys/ports/web-authn.js';
import type { RenamePasskey } from '../../application/passkeys/rename-passkey.js';
import type { StartPasskeyLogin } from '../../application/passkeys/start-passkey-login.js';
import type { StartPasskeyRegistration } from '../../application/passkeys/start-passkey-registration.js';
import type { StartPasskeySecondFactor } from '../../application/passkeys/start-passkey-second-factor.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`passkeys.${name}`);

/** The service identifiers of passkeys (WebAuthn credentials). */
export const passkeysIds = {
  passkeys: id<Passkeys>('Passkeys'),
  webAuthn: id<WebAuthn>('WebAuthn'),
  startRegistration: id<StartPasskeyRegistration>('StartPasskeyRegistration'),
  finishRegistration: id<FinishPasskeyRegistration>('FinishPasskeyRegistration'),
  startLogin: id<StartPasskeyLogin>('StartPasskeyLogin'),
  finishLogin: id<FinishPasskeyLogin>('FinishPasskeyLogin'),
  startSecondFactor: id<StartPasskeySecondFactor>('StartPasskeySecondFactor'),
  finishSecondFactor: id<FinishPasskeySecondFactor>('FinishPasskeySecondFactor'),
  list: id<ListPasskeys>('ListPasskeys'),
  delete: id<DeletePasskey>('DeletePasskey'),
  rename: id<RenamePasskey>('RenamePasskey'),
};
