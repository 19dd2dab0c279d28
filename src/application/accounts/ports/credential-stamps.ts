/**
 * A short, one-way fingerprint of a user's stored password hash: it changes whenever the
 * hash does (a password change or reset stores a new, freshly salted one), and tells
 * nothing about the password (infrastructure/security/crypto-credential-stamps.ts).
 */
export interface CredentialStamps {
  /** The stamp of a stored password hash: the same hash always gives the same stamp. */
  stampOf(passwordHash: string): string;
}
