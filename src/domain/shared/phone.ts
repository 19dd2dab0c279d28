/** Longest phone number kept; ITU E.164 needs 15 digits, the rest allows formatting. */
export const PHONE_MAX_LENGTH = 32;

// eslint-disable-next-line no-control-regex -- control characters are what it rejects
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The outcome of reading an optional phone number. */
export type PhoneParse = { ok: true; phone: string | null } | { ok: false };

/**
 * Reads the optional phone field: blank means none; otherwise the trimmed text,
 * refused when over-long or holding control characters. The format is free, as
 * people write numbers in many ways.
 */
export function parsePhone(raw: string | undefined): PhoneParse {
  const phone = (raw ?? '').trim();
  if (phone.length === 0) return { ok: true, phone: null };
  if (phone.length > PHONE_MAX_LENGTH || CONTROL_CHARACTERS.test(phone)) return { ok: false };
  return { ok: true, phone };
}
