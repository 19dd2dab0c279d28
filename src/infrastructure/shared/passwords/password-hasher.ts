import type { PasswordHasher } from '../../../application/shared/ports/password-hasher.js';
import type { Config } from '../../config.js';
import { Argon2idPasswordHasher } from './argon2id-password-hasher.js';
import { BcryptPasswordHasher, DEFAULT_BCRYPT_COST } from './bcrypt-password-hasher.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { hashConcurrency } from './hash-concurrency.js';
import { UpgradingPasswordHasher } from './upgrading-password-hasher.js';

/**
 * New hashes with the configured algorithm; stored hashes of either algorithm verify,
 * and are replaced at the next login when of the other one. Both share one bound, as
 * they share libuv's pool. The dummy hash is started now, in the background.
 */
export function passwordHasher(config: Config): PasswordHasher {
  const limit = new ConcurrencyLimit(hashConcurrency(config.threadPoolSize));
  const bcrypt = new BcryptPasswordHasher(DEFAULT_BCRYPT_COST, limit);
  const argon2id = new Argon2idPasswordHasher(config.passwordHasher.argon2id, limit);
  const [configured, other] = config.passwordHasher.algorithm === 'argon2id' ? [argon2id, bcrypt] : [bcrypt, argon2id];
  configured.prepare();
  return new UpgradingPasswordHasher(configured, [other]);
}
