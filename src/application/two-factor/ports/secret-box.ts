/** A secret opened from its sealed form, and whether it was sealed with the newest key. */
export interface OpenedSecret {
  readonly plain: string;
  /** False when an older key sealed it: seal it again, so that key can be retired. */
  readonly current: boolean;
}

/**
 * Encryption at rest of small secrets (a TOTP secret) under DATA_ENCRYPTION_KEY
 * (infrastructure/security/aes-gcm-secret-box.ts). The sealed text names its key, so
 * several keys (newest first) can open what each sealed. `context` is bound to the
 * sealed text (e.g. `totp:<user id>`): a sealed secret copied to another row does not open.
 */
export interface SecretBox {
  /** Seals `plain` with the newest key; a new random IV each time. */
  seal(plain: string, context: string): string;
  /** The secret, or null when no key opens it, it was changed, or `context` differs. */
  open(sealed: string, context: string): OpenedSecret | null;
}
