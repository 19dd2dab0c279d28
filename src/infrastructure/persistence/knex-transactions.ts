import type { Knex } from 'knex';
import type { AccountStores, Transactions } from '../../application/ports/transactions.js';
import { KnexMailOutbox } from '../mail/knex-mail-outbox.js';
import { KnexAuditEvents } from './knex-audit-events.js';
import { KnexOneTimeTokens } from './knex-one-time-tokens.js';
import { KnexPasskeys } from './knex-passkeys.js';
import { KnexRecoveryCodes } from './knex-recovery-codes.js';
import { KnexRememberTokens } from './knex-remember-tokens.js';
import { KnexTotpCredentials } from './knex-totp-credentials.js';
import { KnexUserRepository } from './knex-user-repository.js';

/**
 * Transactions of the app's database through knex's `transaction()`: commit when the
 * work resolves, rollback when it rejects. On SQLite the compiled statements wait
 * while it is open (SqliteStatements), so nothing runs outside it on its connection.
 */
export class KnexTransactions implements Transactions {
  constructor(private readonly db: Knex) {}

  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T> {
    return this.db.transaction((trx) =>
      work({
        users: new KnexUserRepository(trx),
        tokens: new KnexOneTimeTokens(trx),
        outbox: new KnexMailOutbox(trx),
        audit: new KnexAuditEvents(trx),
        passkeys: new KnexPasskeys(trx),
        totp: new KnexTotpCredentials(trx),
        recoveryCodes: new KnexRecoveryCodes(trx),
        rememberTokens: new KnexRememberTokens(trx),
      }),
    );
  }
}
