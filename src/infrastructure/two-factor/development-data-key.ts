import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { DatabaseUrl } from '../persistence/database-url.js';
import { parseDataEncryptionKeys } from './data-encryption-keys.js';

/** The key file's name, beside the SQLite file (or in ./data). */
export const DEVELOPMENT_KEY_FILE = 'data-encryption.key';

/**
 * The data key outside production when DATA_ENCRYPTION_KEY is unset. A random key per
 * start would lock every enrolled user out at the next restart, so the key is made once
 * and kept in a file (mode 0600) beside the SQLite data, and reused; a warning says so.
 * An in-memory database dies with the process, so its key does too: no file.
 */
export function developmentDataKey(url: DatabaseUrl, logger: Logger): Buffer {
  if (url.client === 'sqlite' && url.filename === ':memory:') return randomBytes(32);
  const dir = url.client === 'sqlite' ? dirname(url.filename) : './data';
  const file = join(dir, DEVELOPMENT_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) {
    logger.warn({ file }, 'DATA_ENCRYPTION_KEY is unset: using the development key in this file (set the variable in production)');
    return existing;
  }
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: never overwrite a key another process wrote meanwhile; then read whichever won.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  logger.warn({ file }, 'DATA_ENCRYPTION_KEY is unset: made a development key and saved it in this file (set the variable in production)');
  const stored = readKeyFile(file);
  if (!stored) throw new Error(`${file}: not a data encryption key; delete it or set DATA_ENCRYPTION_KEY`);
  return stored;
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const keys = parseDataEncryptionKeys(text.trim());
  if (typeof keys === 'string' || keys.length !== 1) throw new Error(`${file}: not a data encryption key; delete it or set DATA_ENCRYPTION_KEY`);
  return keys[0] ?? null;
}
