/** A fresh secret for a link, and the hash under which it is stored. */
export interface SecretToken {
  /** What the link carries: 256 bits from the CSPRNG, base64url (43 characters). */
  readonly token: string;
  /** SHA-256 of the token, hex: what storage keeps. */
  readonly hash: string;
}

/** Makes link secrets and hashes them (infrastructure/security/crypto-secret-tokens.ts). */
export interface SecretTokens {
  create(): SecretToken;
  /** The stored form of a token a visitor sent; call only with a well-formed token (`isWellFormedToken`). */
  hashOf(token: string): string;
  /** A public name for a stored record (a remembered device): 128 random bits, 32 hex characters. */
  handle(): string;
  /** Whether two hashes from `hashOf` are equal, in a time that does not tell where they differ. */
  sameHash(a: string, b: string): boolean;
}

/** base64url of 32 bytes: what `create` makes. Anything else is refused before any look-up. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
