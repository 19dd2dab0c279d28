import { hash, parseOptions, verify } from '@node-rs/argon2';
import { type Argon2idParameters, OWASP_ARGON2ID, withinArgon2idLimits } from './argon2id-parameters.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { DummyHash } from './dummy-hash.js';
import type { PasswordHashAlgorithm } from './password-hash-algorithm.js';

/** Every argon2id hash in the PHC string format starts so. */
const ARGON2ID_PREFIX = '$argon2id$';
/** Version 19 (0x13), the current one; a hash of an older version is replaced at the next login. */
const CURRENT_VERSION_PREFIX = '$argon2id$v=19$';
/** The salt and output lengths, in bytes, that `hash` makes (the library's defaults, RFC 9106's advice). */
const SALT_BYTES = 16;
const OUTPUT_BYTES = 32;

/**
 * argon2id through @node-rs/argon2's asynchronous API: each hash and check runs on
 * libuv's thread pool (a Node-API async task), never on the event loop, and holds
 * `memoryKiB` of memory while it runs. Every hash and check waits for a slot of
 * `limit` (shared with bcrypt, which uses the same pool), so the pool keeps a free
 * thread, and the memory held at once is at most the limit times `memoryKiB`.
 */
export class Argon2idPasswordHasher implements PasswordHashAlgorithm {
  private readonly dummy = new DummyHash((password) => this.hash(password));

  constructor(
    private readonly parameters: Argon2idParameters = OWASP_ARGON2ID,
    private readonly limit: ConcurrencyLimit = new ConcurrencyLimit(1),
  ) {
    if (!withinArgon2idLimits(parameters)) {
      throw new RangeError(`argon2id parameters out of range: ${JSON.stringify(parameters)}`);
    }
  }

  hash(password: string): Promise<string> {
    const { memoryKiB, timeCost, parallelism } = this.parameters;
    // The library's default algorithm is argon2id and its default version 19; a test pins both.
    return this.limit.run(() =>
      hash(password, { memoryCost: memoryKiB, timeCost, parallelism, outputLen: OUTPUT_BYTES }),
    );
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) {
      // Made with the configured parameters, so this takes as long as a check of a real user's hash.
      await this.check(password, await this.dummy.get());
      return false;
    }
    return this.check(password, stored);
  }

  needsRehash(stored: string): boolean {
    const found = parametersOf(stored);
    if (found === null || !stored.startsWith(CURRENT_VERSION_PREFIX)) return true;
    const wanted = this.parameters;
    return (
      found.memoryKiB < wanted.memoryKiB ||
      found.timeCost < wanted.timeCost ||
      found.parallelism < wanted.parallelism ||
      found.saltBytes < SALT_BYTES ||
      found.outputBytes < OUTPUT_BYTES
    );
  }

  recognises(stored: string): boolean {
    return stored.startsWith(ARGON2ID_PREFIX);
  }

  prepare(): void {
    this.dummy.prepare();
  }

  /** False, without computing anything, for a hash that does not parse or asks for more than ARGON2ID_LIMITS. */
  private async check(password: string, stored: string): Promise<boolean> {
    const found = parametersOf(stored);
    if (found === null || !withinArgon2idLimits(found)) return false;
    return this.limit.run(() => verify(stored, password));
  }
}

/** The parameters written in an argon2id PHC string; null for anything the library would refuse to verify. */
function parametersOf(
  stored: string,
): (Argon2idParameters & { readonly saltBytes: number; readonly outputBytes: number }) | null {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return null;
  let parsed: ReturnType<typeof parseOptions>;
  try {
    // The checks `verify` makes before it computes (encoding, salt length, m ≥ 8 × p…),
    // without computing: what fails them is not a hash this app can check.
    parsed = parseOptions(stored);
  } catch {
    return null;
  }
  return {
    memoryKiB: parsed.memoryCost,
    timeCost: parsed.timeCost,
    parallelism: parsed.parallelism,
    saltBytes: parsed.saltLen,
    outputBytes: parsed.outputLen,
  };
}
