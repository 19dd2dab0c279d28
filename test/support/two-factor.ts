import type { AuthThrottle } from '../../src/application/shared/auth-throttle.js';
import { EndSessions } from '../../src/application/devices/end-sessions.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { Passkeys } from '../../src/application/passkeys/ports/passkeys.js';
import type { RecoveryCodes } from '../../src/application/two-factor/ports/recovery-codes.js';
import type { SecretBox } from '../../src/application/two-factor/ports/secret-box.js';
import type { TotpCredentials } from '../../src/application/two-factor/ports/totp-credentials.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import { ConfirmTotpEnrolment } from '../../src/application/two-factor/confirm-totp-enrolment.js';
import { DisableTwoFactor } from '../../src/application/two-factor/disable-two-factor.js';
import { GetSecondFactors } from '../../src/application/two-factor/get-second-factors.js';
import { RegenerateRecoveryCodes } from '../../src/application/two-factor/regenerate-recovery-codes.js';
import { ShowTwoFactor } from '../../src/application/two-factor/show-two-factor.js';
import { StampCredentials } from '../../src/application/accounts/stamp-credentials.js';
import { StartTotpEnrolment } from '../../src/application/two-factor/start-totp-enrolment.js';
import { VerifySecondFactor } from '../../src/application/two-factor/verify-second-factor.js';
import { InMemoryRememberTokens } from '../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { InMemoryPasskeys } from '../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { InMemoryTransactions } from '../../src/infrastructure/shared/in-memory-transactions.js';
import { InMemoryRecoveryCodes } from '../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import { InMemoryTotpCredentials } from '../../src/infrastructure/two-factor/in-memory-totp-credentials.js';
import { AesGcmSecretBox } from '../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { cryptoCredentialStamps } from '../../src/infrastructure/accounts/crypto-credential-stamps.js';
import { cryptoRecoveryCodes } from '../../src/infrastructure/two-factor/crypto-recovery-codes.js';
import { otpauthTotp } from '../../src/infrastructure/two-factor/otpauth-totp.js';
import { MemorySessionStorage } from '../../src/infrastructure/shared/sessions/memory-session-storage.js';
import type { TwoFactorServices as WebTwoFactorServices } from '../../src/web/two-factor/two-factor-services.js';

type TwoFactorServices = Omit<WebTwoFactorServices, 'confirmSudo'>;

/** A fixed data key for tests (never a real one). */
export const TEST_DATA_KEY = Buffer.alloc(32, 0x42);

/** The second factor's stores of a test app, for a test to look at. */
export interface TestTwoFactorStores {
  readonly totp: TotpCredentials;
  readonly recoveryCodes: RecoveryCodes;
  readonly box: SecretBox;
}

/**
 * The two-factor use cases on the stores `transactions` writes (the in-memory ones when
 * it is in memory; fresh in-memory ones otherwise, unless given), with real TOTP and
 * AES-GCM and the test's clock. Passkeys count as second factors: the given ones, else
 * the in-memory transactions' own (or fresh ones).
 */
export function testTwoFactor(parts: {
  users: UserRepository;
  transactions: Transactions;
  throttle: AuthThrottle;
  clock: Clock;
  stores?: { totp: TotpCredentials; recoveryCodes: RecoveryCodes };
  /** The passkeys a login counts as second factors. */
  passkeys?: Passkeys;
  /** What turning the app on forgets the other remembered devices with; fresh in-memory stores unless given. */
  endSessions?: EndSessions;
}): { services: TwoFactorServices; stores: TestTwoFactorStores } {
  const { users, transactions, throttle, clock } = parts;
  const inMemory = transactions instanceof InMemoryTransactions ? transactions.stores : null;
  const totp = parts.stores?.totp ?? inMemory?.totp ?? new InMemoryTotpCredentials();
  const recoveryCodes = parts.stores?.recoveryCodes ?? inMemory?.recoveryCodes ?? new InMemoryRecoveryCodes();
  const passkeys = parts.passkeys ?? inMemory?.passkeys ?? new InMemoryPasskeys();
  const box = new AesGcmSecretBox([TEST_DATA_KEY]);
  const endSessions = parts.endSessions ?? new EndSessions(new MemorySessionStorage(), new InMemoryRememberTokens());
  const services: TwoFactorServices = {
    getSecondFactors: new GetSecondFactors(totp, recoveryCodes, passkeys),
    verifySecondFactor: new VerifySecondFactor(users, totp, recoveryCodes, passkeys, box, otpauthTotp, cryptoRecoveryCodes, throttle, clock),
    showTwoFactor: new ShowTwoFactor(users, totp, recoveryCodes, passkeys, box, otpauthTotp),
    startTotpEnrolment: new StartTotpEnrolment(totp, box, otpauthTotp),
    confirmTotpEnrolment: new ConfirmTotpEnrolment(transactions, totp, box, otpauthTotp, cryptoRecoveryCodes, clock, endSessions),
    regenerateRecoveryCodes: new RegenerateRecoveryCodes(transactions, cryptoRecoveryCodes, clock),
    disableTwoFactor: new DisableTwoFactor(transactions, clock),
    stampCredentials: new StampCredentials(users, cryptoCredentialStamps),
    clock,
  };
  return { services, stores: { totp, recoveryCodes, box } };
}
