import { dictionary } from '@zxcvbn-ts/language-common';
import type { CommonPasswords } from '../../../application/shared/ports/common-passwords.js';
import { PASSWORD_MIN_CHARACTERS } from '../../../domain/shared/password-policy.js';

let list: ReadonlySet<string> | undefined;

/** The list, built once per process; shorter passwords are refused anyway, so they are left out. */
function commonList(): ReadonlySet<string> {
  list ??= new Set(
    dictionary['passwords-common'].filter((password) => [...password].length >= PASSWORD_MIN_CHARACTERS),
  );
  return list;
}

/**
 * The most common passwords of zxcvbn-ts's maintained dictionary (about 18,000 of
 * 8 characters or more, lower-case), compared case-insensitively.
 */
export class ZxcvbnCommonPasswords implements CommonPasswords {
  includes(password: string): boolean {
    return commonList().has(password.toLowerCase());
  }
}
