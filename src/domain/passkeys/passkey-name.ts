/** Longest name a passkey can have, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** The outcome of reading a typed passkey name. */
export type PasskeyNameResult = { readonly kind: 'ok'; readonly name: string } | { readonly kind: 'too-long' };

/** The outcome of reading a new name typed for a stored passkey: nothing typed is refused. */
export type PasskeyNewNameResult = PasskeyNameResult | { readonly kind: 'empty' };

/**
 * The name a passkey is saved under: the typed one, trimmed, with runs of white space
 * (and control characters) made one space; "Passkey N" when nothing was typed, N being
 * the number the new passkey will have among the user's.
 */
export function passkeyName(typed: string, existingCount: number): PasskeyNameResult {
  const name = tidied(typed);
  if (name === '') return { kind: 'ok', name: `Passkey ${existingCount + 1}` };
  return withinLength(name);
}

/**
 * A new name for a passkey the user has: read as `passkeyName` reads one, but with no
 * default, since "Passkey N" would count the passkeys of the rename, not of the passkey's
 * registration: a blank name is `empty`.
 */
export function passkeyNewName(typed: string): PasskeyNewNameResult {
  const name = tidied(typed);
  if (name === '') return { kind: 'empty' };
  return withinLength(name);
}

/** Trimmed, each run of white space and control characters one space. */
function tidied(typed: string): string {
  // eslint-disable-next-line no-control-regex
  return typed.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

function withinLength(name: string): PasskeyNameResult {
  if ([...name].length > PASSKEY_NAME_MAX_LENGTH) return { kind: 'too-long' };
  return { kind: 'ok', name };
}
