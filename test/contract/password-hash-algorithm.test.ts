import { BcryptPasswordHasher } from '../../src/infrastructure/security/bcrypt-password-hasher.js';
import { passwordHashAlgorithmContract } from './password-hash-algorithm.contract.js';

/** A well-formed hash of another algorithm (argon2id of "a password"). */
const ARGON2ID_HASH = '$argon2id$v=19$m=1024,t=1,p=1$O+imvRfa0gII65g4iHor2Q$SDtZ1I/Sqx7m+lnEh3d3bcaxeDlNoBQxCugUFDO4Gxk';

describe('PasswordHashAlgorithm contract', () => {
  describe('BcryptPasswordHasher', () => {
    passwordHashAlgorithmContract((limit) => new BcryptPasswordHasher(4, limit), {
      foreignHash: async () => ARGON2ID_HASH,
    });
  });
});
