import type { AuthThrottle } from '../../../src/application/shared/auth-throttle.js';
import { EndSessions } from '../../../src/application/devices/end-sessions.js';
import type { Clock } from '../../../src/application/shared/ports/clock.js';
import type { NewPasskey, Passkeys } from '../../../src/application/passkeys/ports/passkeys.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import type { Transactions } from '../../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { DeletePasskey } from '../../../src/application/passkeys/delete-passkey.js';
import { FinishPasskeyLogin } from '../../../src/application/passkeys/finish-passkey-login.js';
import { FinishPasskeyRegistration } from '../../../src/application/passkeys/finish-passkey-registration.js';
import { ListPasskeys } from '../../../src/application/passkeys/list-passkeys.js';
import { StartPasskeyLogin } from '../../../src/application/passkeys/start-passkey-login.js';
import { FinishPasskeySecondFactor } from '../../../src/application/passkeys/finish-passkey-second-factor.js';
import { StartPasskeySecondFactor } from '../../../src/application/passkeys/start-passkey-second-factor.js';
import { StartPasskeyRegistration } from '../../../src/application/passkeys/start-passkey-registration.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { SimpleWebAuthn } from '../../../src/infrastructure/passkeys/simple-web-authn.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import type { PasskeyServices as WebPasskeyServices } from '../../../src/web/passkeys/passkey-services.js';

type PasskeyServices = Omit<WebPasskeyServices, 'confirmSudo' | 'clock' | 'stampCredentials'>;
import { TEST_APP_URL } from '../accounts.js';

/** EndSessions on fresh in-memory stores: for use cases whose forgetting of devices a test does not look at. */
export function noDevices(): EndSessions {
  return new EndSessions(new MemorySessionStorage(), new InMemoryRememberTokens());
}

/**
 * The passkey use cases on these stores, with the real relying party of TEST_APP_URL.
 * `transactions` write the passkeys (and read the authenticator apps a first passkey
 * checks): on the same stores as `passkeys` and `users`.
 */
export function testPasskeyServices(parts: {
  passkeys: Passkeys;
  users: UserRepository;
  transactions: Transactions;
  clock: Clock;
  events: SecurityEvents;
  throttle: AuthThrottle;
  /** What a first second factor forgets devices with; fresh in-memory stores unless given. */
  endSessions?: EndSessions;
}): PasskeyServices {
  const { passkeys, users, transactions, clock, events, throttle } = parts;
  const endSessions = parts.endSessions ?? noDevices();
  const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: TEST_APP_URL });
  const finishLogin = new FinishPasskeyLogin(users, passkeys, webAuthn, throttle, clock, events);
  return {
    startRegistration: new StartPasskeyRegistration(users, passkeys, webAuthn, clock),
    finishRegistration: new FinishPasskeyRegistration(passkeys, transactions, webAuthn, clock, events, endSessions),
    startLogin: new StartPasskeyLogin(webAuthn, throttle, clock, events),
    finishLogin,
    finishSecondFactor: new FinishPasskeySecondFactor(throttle, finishLogin),
    startSecondFactor: new StartPasskeySecondFactor(users, passkeys, webAuthn, throttle, clock),
    list: new ListPasskeys(passkeys),
    delete: new DeletePasskey(transactions, events, clock),
  };
}

/**
 * A passkey row as a finished registration stores it, for tests that put one straight
 * in a store: `cred-<name>` is its credential id, so names must differ across users.
 */
export function storedPasskey(userId: number, name: string): NewPasskey {
  return {
    userId,
    credentialId: `cred-${name}`,
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
    transports: ['internal'],
    userHandle: `handle-${userId}`,
    name,
    backedUp: false,
    createdAt: 0,
  };
}
