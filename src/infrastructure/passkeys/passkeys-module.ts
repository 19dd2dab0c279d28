import type { Container } from 'inversify';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import { DeletePasskey } from '../../application/passkeys/delete-passkey.js';
import { FinishPasskeyLogin } from '../../application/passkeys/finish-passkey-login.js';
import { FinishPasskeyRegistration } from '../../application/passkeys/finish-passkey-registration.js';
import { ListPasskeys } from '../../application/passkeys/list-passkeys.js';
import { StartPasskeyLogin } from '../../application/passkeys/start-passkey-login.js';
import { FinishPasskeySecondFactor } from '../../application/passkeys/finish-passkey-second-factor.js';
import { StartPasskeySecondFactor } from '../../application/passkeys/start-passkey-second-factor.js';
import { StartPasskeyRegistration } from '../../application/passkeys/start-passkey-registration.js';
import type { Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import type { PasskeyServices } from '../../web/services.js';
import type { Config } from '../config.js';
import type { Knex } from 'knex';
import { KnexPasskeys } from './knex-passkeys.js';
import { SimpleWebAuthn } from './simple-web-authn.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/** Passkeys: the table, the relying party of APP_URL ("Gatehouse"), and their use cases. */
export function bindPasskeys(container: Container, config: Config): void {
  container.bind(ids.passkeys).toResolvedValue((db: Knex) => new KnexPasskeys(db), [ids.database]);
  container.bind(ids.passkeyServices).toResolvedValue(
    (
      passkeys: Passkeys,
      users: UserRepository,
      events: SecurityEvents,
      throttle: AuthThrottle,
      transactions: Transactions,
      endSessions: EndSessions,
    ): PasskeyServices => {
      const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: config.appUrl });
      const finishLogin = new FinishPasskeyLogin(users, passkeys, webAuthn, throttle, systemClock, events);
      return {
        startRegistration: new StartPasskeyRegistration(users, passkeys, webAuthn, systemClock),
        finishRegistration: new FinishPasskeyRegistration(passkeys, transactions, webAuthn, systemClock, events, endSessions),
        startLogin: new StartPasskeyLogin(webAuthn, throttle, systemClock, events),
        finishLogin,
        finishSecondFactor: new FinishPasskeySecondFactor(throttle, finishLogin),
        startSecondFactor: new StartPasskeySecondFactor(users, passkeys, webAuthn, throttle, systemClock),
        list: new ListPasskeys(passkeys),
        delete: new DeletePasskey(transactions, events, systemClock),
      };
    },
    [ids.passkeys, ids.users, ids.securityEvents, ids.throttle, ids.transactions, ids.endSessions],
  );
}
