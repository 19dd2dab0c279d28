/** The product's name: a word every deployment refuses in a new password. */
export const PRODUCT_NAME = 'Gatehouse';

/** Parts shorter than this many characters are not refused: too many passwords would hold them by chance. */
export const CONTEXT_WORD_MIN_CHARACTERS = 4;

/** What the words of one new password are drawn from: the deployment, and the account it is for. */
export interface PasswordContext {
  /** The host of the deployment's public address (APP_URL), or null when not known. */
  readonly host: string | null;
  /** The account's email address, or null when not known (a sign-up's invalid one). */
  readonly email: string | null;
  /** The account's phone number as typed, or null. */
  readonly phone: string | null;
}

/**
 * The context-specific words a new password must not contain, lower-case and of at least
 * CONTEXT_WORD_MIN_CHARACTERS characters: the product's name; the host and its labels but
 * the last (`auth.example.com`: itself, `auth`, `example`); the email address, its local
 * part and that part's pieces between `.`, `_`, `-` and `+`, and its domain's labels but
 * the last; the phone number's digits, and each run of digits in it as typed. A top-level
 * label (`com`, `org`, `test`) names no one, so it is left out.
 */
export function contextWords(context: PasswordContext): string[] {
  const words = [PRODUCT_NAME];
  if (context.host) words.push(context.host, ...leadingLabels(context.host));
  if (context.email) {
    const at = context.email.lastIndexOf('@');
    const local = at < 0 ? context.email : context.email.slice(0, at);
    const domain = at < 0 ? '' : context.email.slice(at + 1);
    words.push(context.email, local, ...local.split(/[._+-]+/), domain, ...leadingLabels(domain));
  }
  if (context.phone) words.push(context.phone.replace(/\D+/g, ''), ...(context.phone.match(/\d+/g) ?? []));
  const lower = words.map((word) => word.toLowerCase()).filter((word) => [...word].length >= CONTEXT_WORD_MIN_CHARACTERS);
  return [...new Set(lower)];
}

/** Whether `password` holds one of `words` (lower-case), whatever its letter case. */
export function containsContextWord(password: string, words: readonly string[]): boolean {
  const lower = password.toLowerCase();
  return words.some((word) => lower.includes(word));
}

/** A host's or domain's labels but the last (the top-level one). */
function leadingLabels(name: string): string[] {
  return name.split('.').slice(0, -1);
}
