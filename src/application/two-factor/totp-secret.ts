import type { UserId } from '../../domain/shared/user.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpCredential, TotpCredentials } from './ports/totp-credentials.js';

/** The issuer authenticator apps show beside the account's email. */
export const TOTP_ISSUER = 'Gatehouse';

/** What a user's sealed secret is bound to: it opens for this user only. */
export function totpContext(userId: UserId): string {
  return `totp:${userId}`;
}

/**
 * The plain secret of a stored credential, or null when no key opens it (a key dropped
 * too early). A secret sealed with an older key is sealed again with the newest, unless
 * another request changed it meanwhile.
 */
export async function openTotpSecret(
  box: SecretBox,
  credentials: TotpCredentials,
  credential: TotpCredential,
): Promise<string | null> {
  const context = totpContext(credential.userId);
  const opened = box.open(credential.sealedSecret, context);
  if (!opened) return null;
  if (!opened.current) {
    await credentials.reseal(credential.userId, credential.sealedSecret, box.seal(opened.plain, context));
  }
  return opened.plain;
}
