/**
 * One dependency the app needs in order to serve, such as the database or Redis:
 * /readyz asks each check, and an orchestrator stops sending traffic while one fails.
 */
export interface ReadinessCheck {
  /** Short name shown in the /readyz answer. */
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or never settles) when it does not. */
  check(): Promise<void>;
}
