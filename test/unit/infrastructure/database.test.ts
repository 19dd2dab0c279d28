import { expect } from 'chai';
import { knexConfig } from '../../../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../../../src/infrastructure/persistence/database-url.js';

describe('knexConfig', () => {
  it('sizes the MySQL pool from DATABASE_POOL_MAX and reads dates as UTC', () => {
    const url = parseDatabaseUrl('mysql://app:secret@db.internal:3307/gatehouse');
    if (typeof url === 'string') throw new Error(url);
    const config = knexConfig({ url, poolMax: 3 });
    expect(config.client).to.equal('mysql2');
    expect(config.pool?.max).to.equal(3);
    expect(config.connection).to.include({ host: 'db.internal', port: 3307, user: 'app', database: 'gatehouse' });
    expect(config.connection).to.include({ timezone: 'Z', charset: 'utf8mb4' });
  });
});
