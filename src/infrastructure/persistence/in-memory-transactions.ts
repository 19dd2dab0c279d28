import type { AccountStores, Transactions } from '../../application/ports/transactions.js';
import { InMemoryMailOutbox } from '../mail/in-memory-mail-outbox.js';
import { InMemoryAuditEvents } from './in-memory-audit-events.js';
import { InMemoryOneTimeTokens } from './in-memory-one-time-tokens.js';
import { InMemoryPasskeys } from './in-memory-passkeys.js';
import { InMemoryRecoveryCodes } from './in-memory-recovery-codes.js';
import { InMemoryRememberTokens } from './in-memory-remember-tokens.js';
import { InMemoryTotpCredentials } from './in-memory-totp-credentials.js';
import { InMemoryUserRepository } from './in-memory-user-repository.js';

/** The in-memory stores a transaction covers; the second factors' and the remembered devices' are made empty when not given. */
export interface InMemoryStores {
  readonly users: InMemoryUserRepository;
  readonly tokens: InMemoryOneTimeTokens;
  readonly outbox: InMemoryMailOutbox;
  readonly audit: InMemoryAuditEvents;
  readonly totp?: InMemoryTotpCredentials;
  readonly recoveryCodes?: InMemoryRecoveryCodes;
  readonly passkeys?: InMemoryPasskeys;
  readonly rememberTokens?: InMemoryRememberTokens;
}

/**
 * Transactions over the in-memory stores, for tests: one at a time, and a rejected
 * work puts every store back as it was.
 */
export class InMemoryTransactions implements Transactions {
  private queue: Promise<unknown> = Promise.resolve();
  readonly stores: Required<InMemoryStores>;

  constructor(
    stores: InMemoryStores = {
      users: new InMemoryUserRepository(),
      tokens: new InMemoryOneTimeTokens(),
      outbox: new InMemoryMailOutbox(),
      audit: new InMemoryAuditEvents(),
    },
  ) {
    this.stores = {
      ...stores,
      totp: stores.totp ?? new InMemoryTotpCredentials(),
      recoveryCodes: stores.recoveryCodes ?? new InMemoryRecoveryCodes(),
      passkeys: stores.passkeys ?? new InMemoryPasskeys(),
      rememberTokens: stores.rememberTokens ?? new InMemoryRememberTokens(),
    };
  }

  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const { users, tokens, outbox, audit, totp, recoveryCodes, passkeys, rememberTokens } = this.stores;
      const restores = [users, tokens, outbox, audit, totp, recoveryCodes, passkeys, rememberTokens].map((store) => store.snapshot());
      try {
        return await work(this.stores);
      } catch (error) {
        for (const restore of restores) restore();
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
