import { createHash } from 'node:crypto';
import type { BreachedPasswords } from '../../../application/shared/ports/breached-passwords.js';
import { NO_BREACHED_PASSWORDS } from '../../../application/shared/ports/breached-passwords.js';
import type { Logger } from '../../../application/shared/ports/logger.js';
import type { BreachedPasswordsConfig } from '../../config.js';

/** One line of a range answer: the 35 hex characters after the prefix, a colon, a count. */
const RANGE_LINE = /^([0-9A-F]{35}):(\d+)$/;

/** The service could not be reached, or answered something that is not a range. */
class Unreachable extends Error {}

/**
 * Have I Been Pwned's range API with k-anonymity: only the first 5 hex characters of the
 * password's SHA-1 leave the server, with `Add-Padding: true` so the answer's size tells
 * nothing either. A hit counted at least `minCount` times is a breached password. No
 * answer within the timeout, an error status or garbage is "cannot be reached": the
 * password is accepted with a warning line, or refused, as `onError` says.
 */
export class HibpBreachedPasswords implements BreachedPasswords {
  constructor(
    private readonly config: BreachedPasswordsConfig,
    private readonly logger: Logger,
  ) {}

  async isBreached(password: string): Promise<boolean> {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const [prefix, suffix] = [sha1.slice(0, 5), sha1.slice(5)];
    try {
      const count = (await this.range(prefix)).get(suffix) ?? 0;
      return count >= this.config.minCount;
    } catch (error) {
      const refuse = this.config.onError === 'refuse';
      this.logger.warn(
        { err: error instanceof Error ? error.message : String(error), url: this.config.url, outcome: refuse ? 'refused' : 'accepted' },
        'breached-password service cannot be reached',
      );
      return refuse;
    }
  }

  /** The suffixes of the range `prefix` and their counts (padding lines count 0). */
  private async range(prefix: string): Promise<Map<string, number>> {
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    const response = await fetch(`${this.config.url}/${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'Gatehouse' },
      signal,
      redirect: 'error',
    });
    if (!response.ok) throw new Unreachable(`status ${response.status}`);
    const body = await response.text();
    const counts = new Map<string, number>();
    for (const line of body.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      const match = RANGE_LINE.exec(line.trim().toUpperCase());
      if (!match) throw new Unreachable('not a range answer');
      const [, suffix = '', count = '0'] = match;
      counts.set(suffix, Number(count));
    }
    if (counts.size === 0) throw new Unreachable('empty answer');
    return counts;
  }
}

/** The check BREACHED_PASSWORDS asks for: the range API, or none when off. */
export function breachedPasswords(config: BreachedPasswordsConfig, logger: Logger): BreachedPasswords {
  return config.check ? new HibpBreachedPasswords(config, logger) : NO_BREACHED_PASSWORDS;
}
