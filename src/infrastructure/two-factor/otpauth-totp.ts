import { Secret, TOTP } from 'otpauth';
import type { TotpAlgorithm } from '../../application/two-factor/ports/totp-algorithm.js';
import { TOTP_DIGITS } from '../../domain/two-factor/second-factor-code.js';

/** RFC 6238's defaults, which every authenticator app reads from the URI or assumes. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: TOTP_DIGITS, period: 30 } as const;

/** One step either way: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;

/** Bytes of a new secret: 160 bits, the length of SHA-1's output (RFC 4226 section 4). */
const SECRET_BYTES = 20;

/** TOTP through the otpauth library (its documented `TOTP` and `Secret` API). */
export const otpauthTotp: TotpAlgorithm = {
  newSecret: () => new Secret({ size: SECRET_BYTES }).base32,

  uri(secret, label, issuer) {
    return new TOTP({ ...TOTP_SETTINGS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
  },

  matchStep(secret, code, now) {
    const delta = TOTP.validate({
      ...TOTP_SETTINGS,
      token: code,
      secret: Secret.fromBase32(secret),
      timestamp: now,
      window: WINDOW,
    });
    return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
  },
};
