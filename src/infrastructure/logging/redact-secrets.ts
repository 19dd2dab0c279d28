/** Field names whose values must never reach a log, in the first two levels of a line. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'cookie',
  'cookies',
  'sessionId',
  'authorization',
  // The second factor: an authenticator secret (plain or sealed), codes, data keys.
  'secret',
  'sealedSecret',
  'recoveryCodes',
  'dataEncryptionKeys',
]);

/** What a secret's value is replaced with. */
export const REDACTED = '[redacted]';

/**
 * The log line (or a child logger's bindings) with every secret field of its first two
 * levels (and `*.headers.cookie`) replaced by `[redacted]`, in plain objects and class
 * instances alike. The web layer never passes such fields; this is the second lock. A
 * line without secrets (every line, normally) is returned as it is, unread beyond its
 * keys: pino's own `redact` with wildcard paths clones every line, which would be the
 * largest allocation of a page view. Errors are left to the `err` serializer, which
 * keeps only their type, code, message and stack.
 */
export function redactSecrets(line: Record<string, unknown>): Record<string, unknown> {
  return redactFields(line, 0);
}

/** The object with its secret fields replaced, copied only when it has one. */
function redactFields(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    const value = object[key];
    const replacement = redactedValue(key, value, depth);
    if (replacement !== value) {
      copy ??= { ...object };
      copy[key] = replacement;
    }
  }
  return copy ?? object;
}

/** Secret fields at the first two levels; below a second-level `headers`, the cookie. */
function redactedValue(key: string, value: unknown, depth: number): unknown {
  if (depth === 2) return key === 'cookie' ? REDACTED : value;
  if (SECRET_FIELDS.has(key)) return REDACTED;
  if (!isScannable(value)) return value;
  if (depth === 0) return redactFields(value, 1);
  return key === 'headers' ? redactFields(value, 2) : value;
}

/**
 * An object whose own fields are what JSON shows of it: not an array, not an error,
 * and without a `toJSON` (a Date, a Buffer) that would print something else.
 */
function isScannable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Error) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
