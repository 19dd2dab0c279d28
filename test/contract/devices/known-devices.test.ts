import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryKnownDevices } from '../../../src/infrastructure/devices/in-memory-known-devices.js';
import { KnexKnownDevices } from '../../../src/infrastructure/devices/knex-known-devices.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { knownDevicesContract } from './known-devices.contract.js';

describe('KnownDevices contract', () => {
  describe('InMemoryKnownDevices', () => {
    knownDevicesContract(async () => ({ devices: new InMemoryKnownDevices(), close: async () => {} }));
  });

  describe('KnexKnownDevices on SQLite', () => {
    knownDevicesContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { devices: new KnexKnownDevices(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexKnownDevices on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      knownDevicesContract(async () => {
        await db()('known_devices').truncate();
        return { devices: new KnexKnownDevices(db()), close: async () => {} };
      });
    });
  }
});
