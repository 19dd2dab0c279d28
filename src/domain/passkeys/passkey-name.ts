/** Longest name a passkey can have, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** The outcome of reading a typed passkey name. */
export type PasskeyNameResult = { readonly kind: 'ok'; readonly name: string } | { readonly kind: 'too-long' };

/**
 * The name a passkey is saved under: the typed one, trimmed, with runs of white space
 * (and control characters) made one space; "Passkey N" when nothing was typed, N being
 * the number the new passkey will have among the user's.
 */
export function passkeyName(typed: string, existingCount: number): PasskeyNameResult {
  // eslint-disable-next-line no-control-regex
  const name = typed.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (name === '') return { kind: 'ok', name: `Passkey ${existingCount + 1}` };
  if ([...name].length > PASSKEY_NAME_MAX_LENGTH) return { kind: 'too-long' };
  return { kind: 'ok', name };
}
