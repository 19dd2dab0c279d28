import type { Knex } from 'knex';
import type { NewPasskey, Passkey, Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { UserId } from '../../domain/shared/user.js';
import { databaseClientOf } from '../persistence/database-client.js';
import { isUniqueViolation } from '../shared/users/knex-user-rows.js';

/** A row of `passkeys`; pg returns bigint columns as strings, SQLite booleans as 0/1. */
interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string;
  user_handle: string;
  name: string;
  backed_up: boolean | number;
  created_at: number | string;
  last_used_at: number | string | null;
}

const COLUMNS = [
  'id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports',
  'user_handle', 'name', 'backed_up', 'created_at', 'last_used_at',
];

/** Passkeys in the `passkeys` table of the app's own database. */
export class KnexPasskeys implements Passkeys {
  /** Whether an insert must ask for the new id. */
  private readonly returnsId: boolean;

  constructor(private readonly db: Knex) {
    this.returnsId = databaseClientOf(db) === 'postgres';
  }

  async add(passkey: NewPasskey): Promise<Passkey | null> {
    const insert = this.db('passkeys').insert({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      user_handle: passkey.userHandle,
      name: passkey.name,
      backed_up: passkey.backedUp,
      created_at: passkey.createdAt,
    });
    try {
      // PostgreSQL tells the new id only when asked (RETURNING); SQLite and MySQL always do.
      const [inserted] = this.returnsId ? await insert.returning<{ id: number }[]>('id') : await insert;
      const id = typeof inserted === 'object' ? inserted.id : inserted;
      return { ...passkey, id: Number(id), transports: [...passkey.transports], lastUsedAt: null };
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async findByCredentialId(credentialId: string): Promise<Passkey | null> {
    const [row] = await this.db('passkeys').select<PasskeyRow[]>(COLUMNS).where({ credential_id: credentialId }).limit(1);
    return row ? toPasskey(row) : null;
  }

  async listOfUser(userId: UserId): Promise<Passkey[]> {
    const rows = await this.db('passkeys').select<PasskeyRow[]>(COLUMNS).where({ user_id: userId }).orderBy('id');
    return rows.map(toPasskey);
  }

  async countOfUser(userId: UserId): Promise<number> {
    const [row] = await this.db('passkeys').where({ user_id: userId }).count<{ count: number | string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  async recordUse(id: number, counter: number, now: number): Promise<boolean> {
    const row = this.db('passkeys').where({ id });
    // A counter of 0 is an authenticator that does not count: it may only stay at 0.
    const allowed = counter === 0 ? row.andWhere('counter', 0) : row.andWhere('counter', '<', counter);
    const updated = await allowed.update({ counter, last_used_at: now });
    return updated > 0;
  }

  async rename(userId: UserId, id: number, name: string): Promise<boolean> {
    // Matched rows, not changed ones, on every client (mysql2 connects with FOUND_ROWS):
    // the same name again counts as a rename.
    return (await this.db('passkeys').where({ id, user_id: userId }).update({ name })) > 0;
  }

  async delete(userId: UserId, id: number): Promise<boolean> {
    return (await this.db('passkeys').where({ id, user_id: userId }).delete()) > 0;
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.db('passkeys').where({ user_id: userId }).delete();
  }
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports === '' ? [] : row.transports.split(','),
    userHandle: row.user_handle,
    name: row.name,
    backedUp: Boolean(row.backed_up),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}
