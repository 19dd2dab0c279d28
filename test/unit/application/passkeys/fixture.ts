import { Email } from '../../../../src/domain/shared/email.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { auditIds } from '../../../../src/infrastructure/audit/audit-ids.js';
import type { InMemoryAuditEvents } from '../../../../src/infrastructure/audit/in-memory-audit-events.js';
import { passkeysIds } from '../../../../src/infrastructure/passkeys/passkeys-ids.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../../../src/infrastructure/two-factor/two-factor-ids.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { captureLog } from '../../../support/captured-log.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { memoryTransactions, testContainer } from '../../../support/test-container.js';
import { ManualClock } from '../../../support/throttle.js';

/**
 * The passkey use cases as the composition root builds them, on in-memory stores, a
 * manual clock and a captured log (the security events' lines), and a way to sign a
 * user up with a passkey of an authenticator of their own.
 */
export function passkeysFixture() {
  const clock = new ManualClock();
  const log = captureLog();
  const container = testContainer({ clock, logger: log.logger });
  const { get } = container;
  const transactions = memoryTransactions(container);
  const { users, passkeys, outbox } = transactions.stores;
  const startRegistration = get(passkeysIds.startRegistration);
  const finishRegistration = get(passkeysIds.finishRegistration);

  /** A new user with one passkey of a new authenticator, registered as the page does. */
  async function userWithPasskey(email: string): Promise<{ id: UserId; authenticator: SoftAuthenticator }> {
    const user = await users.create({ email: Email.parse(email) as Email, passwordHash: 'x', phone: null });
    const authenticator = new SoftAuthenticator();
    const started = await startRegistration.execute({ userId: user.id });
    if (started.kind !== 'ok') throw new Error('no options');
    const response = authenticator.register(started.optionsJSON);
    const added = await finishRegistration.execute({ userId: user.id, pending: started.challenge, response, name: '', request: testRequest() });
    if (added.kind !== 'ok') throw new Error(`not added: ${added.kind}`);
    return { id: user.id, authenticator };
  }

  /** The security event lines of `type` written so far. */
  const eventLines = (type: string) => log.lines().filter((line) => line.event === type);

  return {
    container,
    clock,
    log,
    eventLines,
    transactions,
    users,
    passkeys,
    outbox,
    audit: get(auditIds.auditEvents) as InMemoryAuditEvents,
    events: get(sharedIds.securityEvents),
    throttle: get(sharedIds.throttle),
    webAuthn: get(passkeysIds.webAuthn),
    pendingLogins: get(accountsIds.pendingLogins),
    startRegistration,
    finishRegistration,
    startLogin: get(passkeysIds.startLogin),
    finishLogin: get(passkeysIds.finishLogin),
    startSecondFactor: get(passkeysIds.startSecondFactor),
    finishSecondFactor: get(passkeysIds.finishSecondFactor),
    deletePasskey: get(passkeysIds.delete),
    getSecondFactors: get(twoFactorIds.getSecondFactors),
    userWithPasskey,
  };
}
