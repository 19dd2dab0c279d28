import type { UserId } from '../../domain/shared/user.js';
import type { AccountStores } from '../shared/ports/transactions.js';

/**
 * Whether the user has a second factor that recovery codes stand in for: the
 * authenticator app switched on, or at least one passkey. Read it on the transaction
 * that makes codes or removes a factor, so that codes exist only beside a factor.
 */
export async function hasSecondFactorLeft(stores: Pick<AccountStores, 'totp' | 'passkeys'>, userId: UserId): Promise<boolean> {
  if ((await stores.passkeys.countOfUser(userId)) > 0) return true;
  return (await stores.totp.find(userId))?.enabledAt != null;
}

/**
 * Deletes the user's recovery codes when no second factor is left for them to stand in
 * for; resolves whether none was left, and how many unused codes went. Run it on the
 * transaction that removed a factor.
 */
export async function dropRecoveryCodesWithoutSecondFactor(
  stores: Pick<AccountStores, 'totp' | 'passkeys' | 'recoveryCodes'>,
  userId: UserId,
): Promise<{ readonly lastSecondFactor: boolean; readonly unusedCodesRemoved: number }> {
  if (await hasSecondFactorLeft(stores, userId)) return { lastSecondFactor: false, unusedCodesRemoved: 0 };
  const unusedCodesRemoved = await stores.recoveryCodes.countUnused(userId);
  await stores.recoveryCodes.deleteAllOfUser(userId);
  return { lastSecondFactor: true, unusedCodesRemoved };
}
