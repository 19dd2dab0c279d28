import type { Knex } from 'knex';
import type { LinkedIdentities, LinkedIdentity, NewLinkedIdentity } from '../../application/providers/ports/linked-identities.js';
import type { UserId } from '../../domain/shared/user.js';
import { databaseClientOf } from '../persistence/database-client.js';
import { isUniqueViolation } from '../shared/users/knex-user-rows.js';

/** A row of `linked_identities`; pg returns bigint columns as strings. */
interface LinkedIdentityRow {
  id: number;
  user_id: number;
  provider: string;
  subject: string;
  email: string;
  linked_at: number | string;
  last_used_at: number | string | null;
}

const COLUMNS = ['id', 'user_id', 'provider', 'subject', 'email', 'linked_at', 'last_used_at'];

/** Linked identities in the `linked_identities` and `passwordless_accounts` tables of the app's own database. */
export class KnexLinkedIdentities implements LinkedIdentities {
  /** Whether an insert must ask for the new id. */
  private readonly returnsId: boolean;

  constructor(private readonly db: Knex) {
    this.returnsId = databaseClientOf(db) === 'postgres';
  }

  async add(identity: NewLinkedIdentity): Promise<LinkedIdentity | null> {
    const insert = this.db('linked_identities').insert({
      user_id: identity.userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      linked_at: identity.linkedAt,
    });
    try {
      // PostgreSQL tells the new id only when asked (RETURNING); SQLite and MySQL always do.
      const [inserted] = this.returnsId ? await insert.returning<{ id: number }[]>('id') : await insert;
      const id = typeof inserted === 'object' ? inserted.id : inserted;
      return { ...identity, id: Number(id), lastUsedAt: null };
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async find(provider: string, subject: string): Promise<LinkedIdentity | null> {
    const [row] = await this.db('linked_identities').select<LinkedIdentityRow[]>(COLUMNS).where({ provider, subject }).limit(1);
    return row ? toIdentity(row) : null;
  }

  async listOfUser(userId: UserId): Promise<LinkedIdentity[]> {
    const rows = await this.db('linked_identities').select<LinkedIdentityRow[]>(COLUMNS).where({ user_id: userId }).orderBy('id');
    return rows.map(toIdentity);
  }

  async recordUse(id: number, email: string, now: number): Promise<boolean> {
    return (await this.db('linked_identities').where({ id }).update({ email, last_used_at: now })) > 0;
  }

  async delete(userId: UserId, id: number): Promise<boolean> {
    return (await this.db('linked_identities').where({ id, user_id: userId }).delete()) > 0;
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.db('linked_identities').where({ user_id: userId }).delete();
  }

  async markPasswordless(userId: UserId): Promise<void> {
    await this.db('passwordless_accounts').insert({ user_id: userId }).onConflict('user_id').ignore();
  }

  async isPasswordless(userId: UserId): Promise<boolean> {
    const [row] = await this.db('passwordless_accounts').select('user_id').where({ user_id: userId }).limit(1);
    return row !== undefined;
  }

  async clearPasswordless(userId: UserId): Promise<boolean> {
    return (await this.db('passwordless_accounts').where({ user_id: userId }).delete()) > 0;
  }
}

function toIdentity(row: LinkedIdentityRow): LinkedIdentity {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    linkedAt: Number(row.linked_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}
