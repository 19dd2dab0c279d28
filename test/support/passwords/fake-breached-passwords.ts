import type { BreachedPasswords } from '../../../src/application/shared/ports/breached-passwords.js';

/** BreachedPasswords that know a fixed list, and record every password they were asked about. */
export class FakeBreachedPasswords implements BreachedPasswords {
  readonly asked: string[] = [];
  constructor(private readonly breached: readonly string[]) {}
  isBreached(password: string): Promise<boolean> {
    this.asked.push(password);
    return Promise.resolve(this.breached.includes(password));
  }
}
