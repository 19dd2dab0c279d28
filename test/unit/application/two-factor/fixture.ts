import type { PendingLogin } from '../../../../src/application/accounts/pending-login.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import type { SecretBox } from '../../../../src/application/two-factor/ports/secret-box.js';
import type { AesGcmSecretBox } from '../../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { passkeysIds } from '../../../../src/infrastructure/passkeys/passkeys-ids.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../../../src/infrastructure/two-factor/two-factor-ids.js';
import { memoryTransactions, testConfig, testContainer } from '../../../support/test-container.js';
import type { testThrottle } from '../../../support/throttle.js';
import { ManualClock } from '../../../support/throttle.js';

/** The two-factor use cases as the composition root builds them, on in-memory stores and a manual clock, with Ada (user 1) signed up. */
export async function twoFactorFixture(limits: Parameters<typeof testThrottle>[0] = {}) {
  const clock = new ManualClock();
  const config = testConfig((defaults) => ({ ...defaults, throttle: { ...defaults.throttle, ...limits } }));
  const container = testContainer({ clock, config });
  const { get } = container;
  const transactions = memoryTransactions(container);
  const { users, totp, recoveryCodes, outbox, passkeys } = transactions.stores;
  await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const pendingLogins = get(accountsIds.pendingLogins);
  /** The pending login a right password of `userId` begins now (for a user who does not exist, one LogIn never makes). */
  const pendingOf = async (userId: UserId = 1): Promise<PendingLogin> => {
    const user = await users.findById(userId);
    return user ? pendingLogins.start(user, false) : { userId, startedAt: clock.now(), remember: false, stamp: '' };
  };
  /** Another container on these stores whose data keys are `box`'s instead (keys rotated since). */
  const withBox = (box: SecretBox) => {
    const other = testContainer({ clock, config });
    other.replace(sharedIds.users, users);
    other.replace(twoFactorIds.totpCredentials, totp);
    other.replace(twoFactorIds.recoveryCodes, recoveryCodes);
    other.replace(passkeysIds.passkeys, passkeys);
    other.replace(twoFactorIds.secretBox, box);
    return other;
  };
  return {
    /** The container's VerifySecondFactor on these stores, opening secrets with `box`. */
    verifyWithBox: (box: SecretBox) => withBox(box).get(twoFactorIds.verifySecondFactor),
    /** The container's RekeyTotpSecrets on these stores, sealing with `box`'s newest key. */
    rekeyWithBox: (box: SecretBox) => withBox(box).get(twoFactorIds.rekeyTotpSecrets),
    getSecondFactors: get(twoFactorIds.getSecondFactors),
    verifySecondFactor: get(twoFactorIds.verifySecondFactor),
    showTwoFactor: get(twoFactorIds.showTwoFactor),
    startTotpEnrolment: get(twoFactorIds.startTotpEnrolment),
    confirmTotpEnrolment: get(twoFactorIds.confirmTotpEnrolment),
    regenerateRecoveryCodes: get(twoFactorIds.regenerateRecoveryCodes),
    disableTwoFactor: get(twoFactorIds.disableTwoFactor),
    pendingLogins,
    pendingOf,
    container,
    transactions,
    users,
    totp,
    recoveryCodes,
    outbox,
    box: get(twoFactorIds.secretBox) as AesGcmSecretBox,
    clock,
    userId: 1,
  };
}
