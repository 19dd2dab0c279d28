import type { UserId } from '../../domain/shared/user.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { recoveryCodeStore } from './ports/recovery-codes.js';
import { totpStore } from './ports/totp-credentials.js';
import type { SecondFactorMethods } from './second-factor-methods.js';

/**
 * Whether the user has a second factor that recovery codes stand in for: the
 * authenticator app switched on, or one of a registered method (a passkey). Read it on
 * the transaction that makes codes or removes a factor, so that codes exist only beside
 * a factor.
 */
export async function hasSecondFactorLeft(tx: Transaction, methods: SecondFactorMethods, userId: UserId): Promise<boolean> {
  if ((await methods.countOn(tx, userId)) > 0) return true;
  return (await tx.get(totpStore).find(userId))?.enabledAt != null;
}

/**
 * Deletes the user's recovery codes when no second factor is left for them to stand in
 * for; resolves whether none was left, and how many unused codes went. Run it on the
 * transaction that removed a factor.
 */
export async function dropRecoveryCodesWithoutSecondFactor(
  tx: Transaction,
  methods: SecondFactorMethods,
  userId: UserId,
): Promise<{ readonly lastSecondFactor: boolean; readonly unusedCodesRemoved: number }> {
  if (await hasSecondFactorLeft(tx, methods, userId)) return { lastSecondFactor: false, unusedCodesRemoved: 0 };
  const recoveryCodes = tx.get(recoveryCodeStore);
  const unusedCodesRemoved = await recoveryCodes.countUnused(userId);
  await recoveryCodes.deleteAllOfUser(userId);
  return { lastSecondFactor: true, unusedCodesRemoved };
}
