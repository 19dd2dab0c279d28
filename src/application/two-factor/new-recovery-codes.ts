import type { RecoveryCodeSecrets } from './ports/recovery-codes.js';

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10;

/** A new set of recovery codes: the codes, to show once, and their hashes, to store. */
export function newRecoveryCodes(secrets: RecoveryCodeSecrets): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => secrets.create());
  return { codes, hashes: codes.map((code) => secrets.hashOf(code)) };
}
