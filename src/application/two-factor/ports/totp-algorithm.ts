/**
 * TOTP (RFC 6238) as the app uses it: SHA-1, 6 digits, 30-second steps, one step of
 * drift either way (infrastructure/security/otpauth-totp.ts).
 */
export interface TotpAlgorithm {
  /** A new random secret (160 bits), in base32 as authenticator apps take it. */
  newSecret(): string;
  /** The `otpauth://totp/…` URI of a secret, for a QR code or a link. */
  uri(secret: string, label: string, issuer: string): string;
  /**
   * The time step whose code `code` is, within one step of `now` (epoch ms), or null
   * when it matches none. The step lets the caller refuse a code used before.
   */
  matchStep(secret: string, code: string, now: number): number | null;
}
