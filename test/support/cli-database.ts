import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Email } from '../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexUserRepository } from '../../src/infrastructure/shared/users/knex-user-repository.js';

/**
 * Gives the enclosing `describe` a migrated SQLite file of its own holding one user,
 * ada@example.com (user 1), for commands started as real processes; removed after.
 * Returns the file's path, available once the suite's `before` hook has run.
 */
export function useCliDatabase(prefix: string): () => string {
  let dir: string | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    const db = openDatabase({ url: { client: 'sqlite', filename: join(dir, 'app.sqlite') }, poolMax: 1 });
    try {
      await migrateToLatest(db);
      await new KnexUserRepository(db).create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'h', phone: null });
    } finally {
      await db.destroy();
    }
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('the command-line test database is not made yet');
    return join(dir, 'app.sqlite');
  };
}
