import bcrypt from 'bcrypt';
import { Argon2idPasswordHasher } from '../../../src/infrastructure/shared/passwords/argon2id-password-hasher.js';
import { BcryptPasswordHasher } from '../../../src/infrastructure/shared/passwords/bcrypt-password-hasher.js';
import { passwordHashAlgorithmContract } from './password-hash-algorithm.contract.js';

/** Parameters far below the defaults, so the suite runs fast; the defaults have their own tests. */
export const FAST_ARGON2ID = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

describe('PasswordHashAlgorithm contract', () => {
  describe('BcryptPasswordHasher', () => {
    passwordHashAlgorithmContract((limit) => new BcryptPasswordHasher(4, limit), {
      foreignHash: () => new Argon2idPasswordHasher(FAST_ARGON2ID).hash('a password'),
    });
  });

  describe('Argon2idPasswordHasher', () => {
    passwordHashAlgorithmContract((limit) => new Argon2idPasswordHasher(FAST_ARGON2ID, limit), {
      foreignHash: () => bcrypt.hash('a password', 4),
    });
  });
});
