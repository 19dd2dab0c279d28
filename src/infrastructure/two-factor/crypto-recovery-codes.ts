import { createHash, randomInt } from 'node:crypto';
import type { RecoveryCodeSecrets } from '../../application/two-factor/ports/recovery-codes.js';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from '../../domain/two-factor/second-factor-code.js';

/** Recovery codes from Node's CSPRNG (120 bits each), stored as SHA-256. */
export const cryptoRecoveryCodes: RecoveryCodeSecrets = {
  create() {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    return code;
  },
  hashOf: (code) => createHash('sha256').update(code, 'utf8').digest('hex'),
};
