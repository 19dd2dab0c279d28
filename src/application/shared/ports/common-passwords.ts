/** A list of passwords too common to accept at sign-up (a maintained dictionary). */
export interface CommonPasswords {
  /** True when `password` is on the list, whatever its letter case. */
  includes(password: string): boolean;
}
