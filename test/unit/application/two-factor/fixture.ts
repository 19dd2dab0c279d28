import { Email } from '../../../../src/domain/shared/email.js';
import type { AesGcmSecretBox } from '../../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { ManualClock, testThrottle } from '../../../support/throttle.js';
import { testTwoFactor } from '../../../support/two-factor.js';
import { memoryTransactions } from '../../../support/test-container.js';

/** The two-factor use cases on in-memory stores (the outbox included) and a manual clock, with Ada (user 1) signed up. */
export async function twoFactorFixture(limits: Parameters<typeof testThrottle>[0] = {}) {
  const transactions = memoryTransactions();
  const { users, totp, recoveryCodes, outbox } = transactions.stores;
  await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const clock = new ManualClock();
  const throttle = testThrottle(limits, clock);
  const { services, stores } = testTwoFactor({ users, transactions, throttle, clock });
  return { ...services, transactions, users, totp, recoveryCodes, outbox, box: stores.box as AesGcmSecretBox, clock, userId: 1 };
}
