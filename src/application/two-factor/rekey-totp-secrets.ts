import type { SecretBox } from './ports/secret-box.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import { totpContext } from './totp-secret.js';

/** How many secrets one page of the re-seal reads. */
const PAGE = 200;

/** What a re-seal did: secrets sealed again with the newest key, and those no key opens. */
export interface RekeyTotpSecretsResult {
  readonly resealed: number;
  readonly current: number;
  /** User ids whose secret no configured key opens: their owners must set the app up again. */
  readonly unreadable: readonly number[];
}

/**
 * Seals every stored TOTP secret with the newest DATA_ENCRYPTION_KEY (the CLI's
 * `two-factor rekey`), so that an older key can then be dropped. Each write is a
 * compare-and-set, so a secret changed meanwhile (a new setup) is left as it is.
 */
export class RekeyTotpSecrets {
  constructor(
    private readonly totp: TotpCredentials,
    private readonly box: SecretBox,
  ) {}

  async execute(): Promise<RekeyTotpSecretsResult> {
    let [resealed, current, after] = [0, 0, 0];
    const unreadable: number[] = [];
    for (;;) {
      const page = await this.totp.listAfter(after, PAGE);
      for (const credential of page) {
        const context = totpContext(credential.userId);
        const opened = this.box.open(credential.sealedSecret, context);
        if (!opened) unreadable.push(credential.userId);
        else if (opened.current) current += 1;
        else if (await this.totp.reseal(credential.userId, credential.sealedSecret, this.box.seal(opened.plain, context))) {
          resealed += 1;
        }
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) return { resealed, current, unreadable };
      after = last.userId;
    }
  }
}
