import type { RememberRotation } from '../../../src/application/devices/ports/remember-tokens.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { TEST_REMEMBER_LIFETIME_MS } from '../remember-me.js';
import { FIREFOX, rememberFixture, sessionHandle } from './remember-fixture.js';

/** Counts look-ups, so a test can tell that a malformed key was never looked up. */
export class CountingTokens extends InMemoryRememberTokens {
  finds = 0;
  /** Runs once, just before the next rotation: a twin request that rotates first. */
  beforeNextRotation: (() => Promise<unknown>) | null = null;

  override async find(selector: string, now: number) {
    this.finds += 1;
    return super.find(selector, now);
  }

  override async rotate(selector: string, from: string, rotation: RememberRotation, now: number) {
    const twin = this.beforeNextRotation;
    this.beforeNextRotation = null;
    if (twin) await twin();
    return super.rotate(selector, from, rotation, now);
  }
}

/** The fixture on counting tokens, with one remembered device of Ada's issued straight into them: `key`. */
export async function onCountingTokens() {
  const tokens = new CountingTokens();
  const fixture = await rememberFixture({ tokens });
  const now = fixture.clock.now();
  const validator = cryptoSecretTokens.create();
  const selector = cryptoSecretTokens.create().token;
  await tokens.issue({
    handle: 'f'.repeat(32),
    selector,
    validatorHash: validator.hash,
    userId: fixture.ada.id,
    sessionHandle: sessionHandle('login'),
    createdAt: now,
    expiresAt: now + TEST_REMEMBER_LIFETIME_MS,
    userAgent: FIREFOX,
    ip: '192.0.2.1',
  });
  return { ...fixture, tokens, key: { selector, validator: validator.token }, selector };
}
