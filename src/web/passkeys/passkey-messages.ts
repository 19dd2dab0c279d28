import { message } from '../shared/message.js';
import { jsonBodyMessages } from '../middleware/json-body.js';
import { PASSKEY_NAME_MAX_LENGTH } from '../../domain/passkeys/passkey-name.js';
import { PASSKEYS_PER_USER_MAX } from '../../application/passkeys/finish-passkey-registration.js';

/** What the passkey pages and their JSON answers tell a visitor. */
export const passkeyMessages = {
  unreadableRequest: jsonBodyMessages.unreadableRequest,
  mustBeLoggedIn: message('passkeys:messages.mustBeLoggedIn'),
  sudoNeeded: message('passkeys:messages.sudoNeeded'),
  expired: message('passkeys:messages.expired'),
  // Every refused login alike: it tells nobody which passkeys or accounts exist.
  loginRefused: message('passkeys:messages.loginRefused'),
  registrationInvalid: message('passkeys:messages.registrationInvalid'),
  alreadyRegistered: message('passkeys:messages.alreadyRegistered'),
  nameTooLong: message('passkeys:messages.nameTooLong', { max: PASSKEY_NAME_MAX_LENGTH }),
  tooMany: message('passkeys:messages.tooMany', { max: PASSKEYS_PER_USER_MAX }),
  added: (name: string) => message('passkeys:messages.added', { name }),
  removed: message('passkeys:messages.removed'),
  removedWithRecoveryCodes: message('passkeys:messages.removedWithRecoveryCodes'),
  removedLastFactor: message('passkeys:messages.removedLastFactor'),
  notFound: message('passkeys:messages.notFound'),
  renamed: (name: string) => message('passkeys:messages.renamed', { name }),
  nameEmpty: message('passkeys:messages.nameEmpty'),
  renameUnreadable: message('passkeys:messages.renameUnreadable'),
};
