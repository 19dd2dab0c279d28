import type { Container } from 'inversify';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import { ForgetDevice } from '../../application/devices/forget-device.js';
import { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import { ListRememberedDevices } from '../../application/devices/list-remembered-devices.js';
import { LogInWithRememberedDevice } from '../../application/devices/log-in-with-remembered-device.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { RememberTokens } from '../../application/devices/ports/remember-tokens.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { RememberDevice } from '../../application/devices/remember-device.js';
import type { RememberServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/**
 * "Keep me logged in on this device": its use cases, on the remember_tokens table. The
 * clock is the machine's; a browser test passes one it can move past the rotation grace.
 */
export function bindRememberMe(container: Container, config: Config, clock: Clock = systemClock): void {
  container.bind(ids.rememberServices).toResolvedValue(
    (tokens: RememberTokens, users: UserRepository, endSessions: EndSessions): RememberServices => ({
      rememberDevice: new RememberDevice(tokens, cryptoSecretTokens, clock, config.rememberMe.lifetimeMs),
      logInWithRememberedDevice: new LogInWithRememberedDevice(
        tokens,
        users,
        endSessions,
        cryptoSecretTokens,
        clock,
      ),
      forgetThisDevice: new ForgetThisDevice(tokens),
      listRememberedDevices: new ListRememberedDevices(tokens, clock),
      forgetDevice: new ForgetDevice(tokens, clock),
    }),
    [ids.rememberTokens, ids.users, ids.endSessions],
  );
}
