import type { Container } from 'inversify';
import type { EndSessions } from '../../application/end-sessions.js';
import { ForgetDevice } from '../../application/forget-device.js';
import { ForgetThisDevice } from '../../application/forget-this-device.js';
import { ListRememberedDevices } from '../../application/list-remembered-devices.js';
import { LogInWithRememberedDevice } from '../../application/log-in-with-remembered-device.js';
import type { RememberTokens } from '../../application/ports/remember-tokens.js';
import type { UserRepository } from '../../application/ports/user-repository.js';
import { RememberDevice } from '../../application/remember-device.js';
import type { RememberServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { cryptoSecretTokens } from '../security/crypto-secret-tokens.js';
import { systemClock } from '../system-clock.js';
import { ids } from './ids.js';

/** "Keep me logged in on this device": its use cases, on the remember_tokens table. */
export function bindRememberMe(container: Container, config: Config): void {
  container.bind(ids.rememberServices).toResolvedValue(
    (tokens: RememberTokens, users: UserRepository, endSessions: EndSessions): RememberServices => ({
      rememberDevice: new RememberDevice(tokens, cryptoSecretTokens, systemClock, config.rememberMe.lifetimeMs),
      logInWithRememberedDevice: new LogInWithRememberedDevice(
        tokens,
        users,
        endSessions,
        cryptoSecretTokens,
        systemClock,
      ),
      forgetThisDevice: new ForgetThisDevice(tokens),
      listRememberedDevices: new ListRememberedDevices(tokens, systemClock),
      forgetDevice: new ForgetDevice(tokens, systemClock),
    }),
    [ids.rememberTokens, ids.users, ids.endSessions],
  );
}
