/** The password behind every dummy hash; nothing can log in with it, as no user has a dummy hash. */
const DUMMY_PASSWORD = 'gatehouse-dummy-password';

/**
 * The hash an algorithm compares against when there is no user, so that the time a
 * login takes does not tell whether the email exists. It is made once, by the
 * algorithm's own asynchronous `hash` (at the configured cost, on the thread pool,
 * never on the event loop), and shared by every later check. A failed attempt is
 * forgotten, so the next check tries again instead of failing for good.
 */
export class DummyHash {
  private made: Promise<string> | null = null;

  constructor(private readonly make: (password: string) => Promise<string>) {}

  /** The hash; the first call starts making it. */
  get(): Promise<string> {
    this.made ??= this.make(DUMMY_PASSWORD).catch((error: unknown) => {
      this.made = null;
      throw error;
    });
    return this.made;
  }

  /** Starts making the hash now, without waiting; a failure surfaces at the next `get`, which tries again. */
  prepare(): void {
    this.get().catch(() => undefined);
  }
}
