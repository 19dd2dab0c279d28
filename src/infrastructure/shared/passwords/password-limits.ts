import {
  ARGON2ID_PASSWORD_LIMITS,
  BCRYPT_PASSWORD_LIMITS,
  type PasswordLimits,
} from '../../../domain/shared/password-policy.js';
import type { PasswordHashAlgorithmName } from '../../config.js';

/** The length limits of new passwords that the hasher of new hashes (PASSWORD_HASHER) allows. */
export function passwordLimitsOf(algorithm: PasswordHashAlgorithmName): PasswordLimits {
  return algorithm === 'argon2id' ? ARGON2ID_PASSWORD_LIMITS : BCRYPT_PASSWORD_LIMITS;
}
