/**
 * What `load` resolves, loaded at the first call and shared by every later one: for a
 * library or client a serving process need not carry until it is used. A failed load
 * is not kept: the next call tries again.
 */
export function loadedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
