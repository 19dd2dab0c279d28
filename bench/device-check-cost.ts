// The cost of the new-device check every login makes (NoticeLoginDevice, on the
// production wiring): for a device the account knows, the common case, against the
// read a login makes anyway (the user by id), and with NEW_DEVICE_ALERTS=off. On a
// fresh SQLite file, or with `postgres`/`mysql` on a database of its own on the test
// server (TEST_POSTGRES_URL, TEST_MYSQL_URL), dropped after.
//
//   npx tsx bench/device-check-cost.ts [checks per round, default 20000] [rounds, default 5] [sqlite|postgres|mysql]
//
// Each account has 5 known devices. The three take turns for `rounds` rounds; each line
// reports the median round, in microseconds per login. On SQLite it also prints the
// plan of the check's one statement.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { NoticeLoginDevice } from '../src/application/devices/notice-login-device.js';
import { Email } from '../src/domain/shared/email.js';
import { loadConfig } from '../src/infrastructure/config.js';
import { createContainer } from '../src/infrastructure/container.js';
import { devicesIds } from '../src/infrastructure/devices/devices-ids.js';
import { resolverOf } from '../src/infrastructure/shared/binding.js';
import { sharedIds } from '../src/infrastructure/shared/shared-ids.js';
import { migrateToLatest } from '../src/infrastructure/persistence/database.js';
import { silentLogger } from '../src/web/shared/logger.js';
import { MYSQL, POSTGRES, type TestDatabase } from '../test/support/sql-servers.js';

const perRound = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 5);
const where = process.argv[4] ?? 'sqlite';
const ACCOUNTS = 1000;
const DEVICES_PER_ACCOUNT = 5;

const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-device-check-'));
let server: TestDatabase | null = null;
if (where === 'postgres') server = await POSTGRES.createDatabase();
else if (where === 'mysql') server = await MYSQL.createDatabase();
const databaseUrl = server?.url ?? `sqlite:${join(scratch, 'bench.sqlite')}`;

/** The production wiring on the database, alerts on or off. */
function wiring(alerts: 'on' | 'off') {
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: `file:${join(scratch, 'outbox')}`,
    DATABASE_URL: databaseUrl,
    NEW_DEVICE_ALERTS: alerts,
  });
  return resolverOf(createContainer(config, silentLogger));
}

const on = wiring('on');
const off = wiring('off');
const db: Knex = on(sharedIds.database);
await migrateToLatest(db);
const users = on(sharedIds.users);
const notice: NoticeLoginDevice = on(devicesIds.noticeLoginDevice);
const noticeOff: NoticeLoginDevice = off(devicesIds.noticeLoginDevice);
const request = { ip: '192.0.2.1', userAgent: 'bench' };

// Each account's first device through the use case (its token kept), then four more.
const accounts: { id: number; token: string }[] = [];
for (let n = 0; n < ACCOUNTS; n += 1) {
  const user = await users.create({ email: Email.parse(`user${n}@bench.test`) as Email, passwordHash: 'x', phone: null });
  const first = await notice.execute({ userId: user.id, deviceToken: null, device: 'bench', request });
  if (first.kind !== 'first-device') throw new Error(`the first device of ${user.id} was ${first.kind}`);
  for (let d = 1; d < DEVICES_PER_ACCOUNT; d += 1) {
    await on(devicesIds.knownDevices).seen(user.id, randomBytes(32).toString('hex'), Date.now() - d * 1000);
  }
  accounts.push({ id: user.id, token: first.deviceToken });
}

const variants = {
  'known device': async (n: number) => {
    const account = accounts[n % ACCOUNTS] as { id: number; token: string };
    const result = await notice.execute({ userId: account.id, deviceToken: account.token, device: 'bench', request });
    if (result.kind !== 'known') throw new Error(`expected a known device, got ${result.kind}`);
  },
  'the user by id (a login reads it anyway)': async (n: number) => {
    await users.findById((accounts[n % ACCOUNTS] as { id: number }).id);
  },
  'NEW_DEVICE_ALERTS=off': async (n: number) => {
    const account = accounts[n % ACCOUNTS] as { id: number; token: string };
    await noticeOff.execute({ userId: account.id, deviceToken: account.token, device: 'bench', request });
  },
};

const times = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of Object.entries(variants)) {
      const started = performance.now();
      for (let n = 0; n < perRound; n += 1) await run(n);
      times.get(name)?.push(((performance.now() - started) * 1000) / perRound);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
  console.log(`${where}: ${perRound} logins a round, median of ${rounds}, ${ACCOUNTS} accounts of ${DEVICES_PER_ACCOUNT} devices (node ${process.version})`);
  for (const [name, list] of times) {
    console.log(`  ${name.padEnd(42)} ${median(list).toFixed(1).padStart(7)} µs   (rounds: ${list.map((t) => t.toFixed(1)).join(', ')})`);
  }
  if (where === 'sqlite') {
    const plan = (await db.raw('explain query plan select device_hash, first_seen_at, last_seen_at from known_devices where user_id = ?', [1])) as { detail: string }[];
    console.log(`  plan: ${plan.map((step) => step.detail).join('; ')}`);
  }
} finally {
  await db.destroy();
  await off(sharedIds.database).destroy();
  await server?.drop();
  rmSync(scratch, { recursive: true, force: true });
}
