/** Digits of an authenticator code (RFC 6238 as authenticator apps use it). */
export const TOTP_DIGITS = 6;

/**
 * Characters of a new recovery code: lower-case base32 (RFC 4648), 5 bits each, 120 bits
 * in all, past the 112 under which a lookup secret would need a slow salted hash.
 */
export const RECOVERY_CODE_LENGTH = 24;

/**
 * Characters of a recovery code made before codes grew (80 bits): still accepted, so a
 * set already handed out works until its codes are used or a new set replaces it.
 */
export const EARLIER_RECOVERY_CODE_LENGTH = 16;

/** The characters a recovery code is made of. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

const RECOVERY_CODE_SHAPE = new RegExp(
  `^(?:[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}|[${RECOVERY_CODE_ALPHABET}]{${EARLIER_RECOVERY_CODE_LENGTH}})$`,
);

/** What a typed second-factor code is, once spaces, dashes and case no longer count. */
export type SecondFactorCode =
  | { readonly kind: 'totp'; readonly code: string }
  | { readonly kind: 'recovery'; readonly code: string }
  | { readonly kind: 'malformed' };

/**
 * Reads a code as typed: white space anywhere is dropped (apps show "123 456"); six
 * digits are an authenticator code; otherwise, without dashes and in lower case, the
 * shape of a recovery code; anything else (letters in a short code, a code too short or
 * too long) is malformed, and is refused before any look-up.
 */
export function parseSecondFactorCode(typed: string): SecondFactorCode {
  const compact = typed.replace(/\s+/g, '');
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  const recovery = normaliseRecoveryCode(compact);
  return recovery === null ? { kind: 'malformed' } : { kind: 'recovery', code: recovery };
}

/** A recovery code without white space or dashes, in lower case, or null when it has not the shape of one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toLowerCase();
  return RECOVERY_CODE_SHAPE.test(code) ? code : null;
}

/** How a recovery code is shown: groups of four, e.g. `abcd-efgh-ijkl-mnop-qrst-uvwx`. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A base32 secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
