import { jsonBodyMessages } from '../middleware/json-body.js';
import { PASSKEY_NAME_MAX_LENGTH } from '../../domain/passkeys/passkey-name.js';
import { PASSKEYS_PER_USER_MAX } from '../../application/passkeys/finish-passkey-registration.js';

/** What the passkey pages and their JSON answers tell a visitor. */
export const passkeyMessages = {
  unreadableRequest: jsonBodyMessages.unreadableRequest,
  mustBeLoggedIn: 'Your session has ended. Log in again to manage your passkeys.',
  sudoNeeded: 'Confirm your password first: reload the page and choose "Add a passkey" again.',
  expired: 'The passkey request expired or was already used. Try again.',
  // Every refused login alike: it tells nobody which passkeys or accounts exist.
  loginRefused: 'That passkey could not log you in. Try again, or log in with your email and password.',
  registrationInvalid: 'The passkey could not be verified, so it was not added. Try again.',
  alreadyRegistered: 'This passkey is already registered.',
  nameTooLong: `A passkey name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  tooMany: `An account can have at most ${PASSKEYS_PER_USER_MAX} passkeys. Remove one first.`,
  added: (name: string) => `Passkey "${name}" added.`,
  removed: 'Passkey removed.',
  removedWithRecoveryCodes: 'Passkey removed. It was your last second factor, so your recovery codes no longer work.',
  removedLastFactor: 'Passkey removed. It was your last second factor: your login asks for your password only.',
  notFound: 'That passkey does not exist, or was already removed.',
  renamed: (name: string) => `Passkey renamed to "${name}".`,
  nameEmpty: 'Type a name for the passkey.',
  renameUnreadable: 'The new name could not be read. Reload the page and try again.',
};
