/** A promise and the function that resolves it, for a test that holds work until it says so. */
export interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
}

/** What `Promise.withResolvers()` gives on Node 22, for Node 20. */
export function deferred(): Deferred {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve: () => resolve() };
}
