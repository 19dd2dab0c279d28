/** The current time, behind a port so that tests can move it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
