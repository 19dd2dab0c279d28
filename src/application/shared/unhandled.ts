/**
 * The type-checker's proof that a `switch` over a use case's result handles every
 * kind: a new kind makes the call a type error until it is handled. Reached at run
 * time only by a bug, which goes to the error page as one.
 */
export function unhandled(result: never): never {
  throw new Error(`unhandled use-case result: ${JSON.stringify(result)}`);
}
