/**
 * Reads named fields of a parsed form body as plain strings. Returns null when any
 * of them arrived as something else (`a=1&a=2` gives an array, `a[b]=1` an object),
 * so nothing downstream ever sees a non-string. Absent fields come back undefined.
 */
export function readStringFields<K extends string>(
  body: unknown,
  names: readonly K[],
): Record<K, string | undefined> | null {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields = {} as Record<K, string | undefined>;
  for (const name of names) {
    const value = Object.hasOwn(source, name) ? source[name] : undefined;
    if (value !== undefined && typeof value !== 'string') return null;
    fields[name] = value;
  }
  return fields;
}
