/**
 * The WHATWG rule for `<input type="email">`, so that the server accepts exactly
 * what a browser lets through: https://html.spec.whatwg.org/#valid-e-mail-address
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The characters a normalised address may hold: those of EMAIL_PATTERN, lower-cased. */
const EMAIL_CHARACTERS = /^[a-z0-9.!#$%&'*+/=?^_`{|}~@-]*$/;

/** RFC 5321 limits a forward path to 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An email address, normalised (trimmed, lower-cased) so that uniqueness does not
 * depend on a database collation.
 */
export class Email {
  private constructor(readonly value: string) {}

  /** Returns the normalised email, or null when `raw` is not a valid address. */
  static parse(raw: string): Email | null {
    const value = raw.trim().toLowerCase();
    if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return null;
    if (!EMAIL_PATTERN.test(value)) return null;
    return new Email(value);
  }

  /** Rebuilds an email already normalised by `parse`, e.g. when read from storage. */
  static fromTrusted(value: string): Email {
    return new Email(value);
  }

  equals(other: Email): boolean {
    return this.value === other.value;
  }

  toString(): string {
    return this.value;
  }
}

/**
 * True when `text` (already lower-cased) could be part of a normalised address: it
 * holds only characters an address may hold. A search for anything else matches no
 * user, whatever the database's collation would make of it.
 */
export function isEmailFragment(text: string): boolean {
  return EMAIL_CHARACTERS.test(text);
}
