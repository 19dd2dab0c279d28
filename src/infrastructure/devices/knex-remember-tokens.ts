import type { Knex } from 'knex';
import type {
  NewRememberToken,
  RememberRotation,
  RememberToken,
  RememberTokens,
} from '../../application/devices/ports/remember-tokens.js';
import type { UserId } from '../../domain/shared/user.js';
import { compiledSelect, compiledWrite, LITERAL } from '../persistence/compiled-query.js';

/** A row of `remember_tokens`; pg returns bigint columns as strings. */
interface TokenRow {
  selector: string;
  handle: string;
  validator_hash: string;
  previous_validator_hash: string | null;
  rotated_at: number | string | null;
  user_id: number;
  session_handle: string | null;
  created_at: number | string;
  last_used_at: number | string;
  expires_at: number | string;
  user_agent: string;
  ip: string;
}

/** Every column of a row, in the order of `TokenRow`. */
const COLUMNS = [
  'selector', 'handle', 'validator_hash', 'previous_validator_hash', 'rotated_at', 'user_id',
  'session_handle', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip',
];

/**
 * Remembered devices in the `remember_tokens` table of the app's own database, also
 * when sessions live in Redis. Each query goes through the selector (the key), the
 * user_id index or the expires_at index.
 */
export class KnexRememberTokens implements RememberTokens {
  /** The look-up and the rotation of every remembered login, compiled once. */
  private readonly liveRow: (selector: string, now: number) => Promise<TokenRow[]>;
  private readonly rotateRow: (
    selector: string,
    now: number,
    fromValidatorHash: string,
    validatorHash: string,
    sessionHandle: string,
    userAgent: string,
    ip: string,
  ) => Promise<number>;

  constructor(private readonly db: Knex) {
    const live = (selector: string, now: string) =>
      db('remember_tokens').where({ selector }).andWhere('expires_at', '>', now);
    this.liveRow = compiledSelect(db, 2, (selector, now) =>
      live(selector, now)
        .select(...COLUMNS)
        .limit(1, LITERAL),
    );
    // The condition on the current hash is the compare and set: one of two updates changes the row.
    this.rotateRow = compiledWrite(db, 7, (selector, now, from, validatorHash, sessionHandle, userAgent, ip) =>
      live(selector, now).andWhere({ validator_hash: from }).update({
        validator_hash: validatorHash,
        previous_validator_hash: from,
        rotated_at: now,
        // The new previous validator has its grace login still to come.
        grace_used_at: null,
        last_used_at: now,
        session_handle: sessionHandle,
        user_agent: userAgent,
        ip,
      }),
    );
  }

  async issue(token: NewRememberToken): Promise<void> {
    await this.db('remember_tokens').insert({
      selector: token.selector,
      handle: token.handle,
      validator_hash: token.validatorHash,
      previous_validator_hash: null,
      rotated_at: null,
      user_id: token.userId,
      session_handle: token.sessionHandle,
      created_at: token.createdAt,
      last_used_at: token.createdAt,
      expires_at: token.expiresAt,
      user_agent: token.userAgent,
      ip: token.ip,
    });
  }

  async find(selector: string, now: number): Promise<RememberToken | null> {
    const [row] = await this.liveRow(selector, now);
    return row ? toToken(row) : null;
  }

  async rotate(selector: string, fromValidatorHash: string, rotation: RememberRotation, now: number): Promise<boolean> {
    const { validatorHash, sessionHandle, userAgent, ip } = rotation;
    return (await this.rotateRow(selector, now, fromValidatorHash, validatorHash, sessionHandle, userAgent, ip)) > 0;
  }

  async useGrace(selector: string, previousValidatorHash: string, now: number): Promise<boolean> {
    // The conditions on the previous hash and the unused grace are the compare and set.
    const changed = await this.db('remember_tokens')
      .where({ selector, previous_validator_hash: previousValidatorHash })
      .whereNull('grace_used_at')
      .andWhere('expires_at', '>', now)
      .update({ grace_used_at: now });
    return changed > 0;
  }

  async listOfUser(userId: UserId, now: number): Promise<RememberToken[]> {
    const rows = await this.db('remember_tokens')
      .select<TokenRow[]>(...COLUMNS)
      .where({ user_id: userId })
      .andWhere('expires_at', '>', now)
      .orderBy([
        { column: 'last_used_at', order: 'desc' },
        { column: 'selector', order: 'asc' },
      ]);
    return rows.map(toToken);
  }

  async delete(userId: UserId, selector: string): Promise<boolean> {
    return (await this.db('remember_tokens').where({ selector, user_id: userId }).delete()) > 0;
  }

  async deleteByHandle(userId: UserId, handle: string): Promise<boolean> {
    return (await this.db('remember_tokens').where({ handle, user_id: userId }).delete()) > 0;
  }

  async deleteBySession(userId: UserId, sessionHandle: string): Promise<number> {
    return this.db('remember_tokens').where({ user_id: userId, session_handle: sessionHandle }).delete();
  }

  async deleteAllOfUser(userId: UserId, exceptSelector?: string): Promise<number> {
    const query = this.db('remember_tokens').where({ user_id: userId });
    return exceptSelector === undefined ? query.delete() : query.andWhereNot({ selector: exceptSelector }).delete();
  }

  async deleteAll(): Promise<number> {
    return this.db('remember_tokens').delete();
  }

  async purgeExpired(now: number): Promise<number> {
    return this.db('remember_tokens').where('expires_at', '<=', now).delete();
  }

}

function toToken(row: TokenRow): RememberToken {
  return {
    handle: row.handle,
    selector: row.selector,
    validatorHash: row.validator_hash,
    previousValidatorHash: row.previous_validator_hash,
    rotatedAt: row.rotated_at === null ? null : Number(row.rotated_at),
    userId: Number(row.user_id),
    sessionHandle: row.session_handle,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
    expiresAt: Number(row.expires_at),
    userAgent: row.user_agent,
    ip: row.ip,
  };
}
