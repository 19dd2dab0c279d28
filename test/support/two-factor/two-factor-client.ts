import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import { ADA, type Browser } from '../accounts/account-client.js';
import type { TestApp } from '../test-app.js';

/** Half a minute: one TOTP step. */
export const STEP_MS = 30_000;

/** The 6-digit code an authenticator app shows for `secret` (base32, spaces allowed) at `at`. */
export function totpCode(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}

/** The secret the setup page shows as text, without its spaces. */
export function secretOnPage(html: string): string {
  const match = /data-totp-secret[^>]*>([A-Z2-7 ]+)</.exec(html);
  if (!match?.[1]) throw new Error('the page shows no secret');
  return match[1].replace(/\s+/g, '');
}

/** The recovery codes a page shows. */
export function recoveryCodesOnPage(html: string): string[] {
  return [...html.matchAll(/data-recovery-code[^>]*>([a-z2-7-]+)</g)].map((match) => match[1] ?? '');
}

/**
 * Turns the authenticator app on for the logged-in `client`, through the pages: "Set up"
 * with the `password` its sudo mode asks for (Ada's unless given), the secret read from the page, and its code now. Resolves the secret and the recovery
 * codes shown once. The clock then moves one step on, so the next code is a new one.
 */
export async function enrolTotp(
  built: Pick<TestApp, 'clock'>,
  client: Browser,
  password = ADA.password,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: password }).expect(302);
  const secret = secretOnPage((await client.get('/account/two-factor').expect(200)).text);
  const shown = await client.post('/account/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
  expect(shown.status).to.equal(200);
  const recoveryCodes = recoveryCodesOnPage(shown.text);
  expect(recoveryCodes).to.have.length(10);
  advance(built, STEP_MS);
  return { secret, recoveryCodes };
}

/** Moves the test app's clock (a ManualClock). */
export function advance(built: Pick<TestApp, 'clock'>, ms: number): void {
  (built.clock as unknown as { advance(ms: number): void }).advance(ms);
}
