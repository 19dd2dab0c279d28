import { expect } from 'chai';
import type { Knex } from 'knex';
import type { GetMailStatus } from '../../../../src/application/mail/get-mail-status.js';
import type { Config } from '../../../../src/infrastructure/config.js';
import { mailIds } from '../../../../src/infrastructure/mail/mail-ids.js';
import { CountingSecurityEvents } from '../../../../src/infrastructure/metrics/counting-security-events.js';
import { metricsIds } from '../../../../src/infrastructure/metrics/metrics-ids.js';
import { migrateToLatest, openDatabase } from '../../../../src/infrastructure/persistence/database.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { type TestContainer, testConfig, testContainer } from '../../../support/test-container.js';

const metricsOn = (changes: Partial<Config> = {}) =>
  testConfig((defaults) => ({ ...defaults, metrics: { enabled: true, token: null }, ...changes }));

/** The lines of one scrape that start with `name`. */
async function linesOf(container: TestContainer, name: string): Promise<string[]> {
  const { text } = await container.get(metricsIds.web).requests.scrape();
  return text.split('\n').filter((line) => line.startsWith(name));
}

describe('the metrics in the composition root (METRICS=on)', () => {
  let database: Knex | null = null;
  afterEach(async () => {
    await database?.destroy();
    database = null;
  });

  it('binds nothing and wraps no security event with METRICS off', () => {
    const { container, get } = testContainer();
    expect(container.isBound(metricsIds.metrics)).to.equal(false);
    expect(get(sharedIds.securityEvents)).not.to.be.instanceOf(CountingSecurityEvents);
  });

  it('counts the security events every use case records: the one recorder is wrapped', () => {
    const { get } = testContainer({ config: metricsOn() });
    expect(get(sharedIds.securityEvents)).to.be.instanceOf(CountingSecurityEvents);
  });

  it('counts the statements in flight from knex’s query events, and reads the outbox of a database at each scrape', async () => {
    database = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    await migrateToLatest(database);
    const container = testContainer({ config: metricsOn(), database });
    expect(await linesOf(container, 'gatehouse_db_queries_in_flight')).to.deep.equal(['gatehouse_db_queries_in_flight 0']);
    // knex's documented events, as a statement sent and one of two answered would emit them.
    database.emit('query', {});
    database.emit('query', {});
    database.emit('query-response', [], {});
    expect(await linesOf(container, 'gatehouse_db_queries_in_flight')).to.deep.equal(['gatehouse_db_queries_in_flight 1']);
    database.emit('query-error', new Error('gone'), {});
    expect(await linesOf(container, 'gatehouse_db_queries_in_flight')).to.deep.equal(['gatehouse_db_queries_in_flight 0']);
    expect(await linesOf(container, 'gatehouse_mail_queue_')).to.deep.equal([
      'gatehouse_mail_queue_messages{state="pending"} 0',
      'gatehouse_mail_queue_messages{state="failed"} 0',
      'gatehouse_mail_queue_oldest_age_seconds{state="pending"} 0',
    ]);
  });

  it('leaves the mail series without a sample while the outbox cannot be read, and still answers', async () => {
    const container = testContainer({ config: metricsOn() });
    const unreadable = { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as GetMailStatus;
    container.replace(mailIds.mailStatus, unreadable);
    expect(await linesOf(container, 'gatehouse_mail_queue_messages{')).to.deep.equal([]);
    expect(await linesOf(container, 'gatehouse_mail_queue_oldest_age_seconds{')).to.deep.equal([]);
    expect(await linesOf(container, 'nodejs_eventloop_lag_seconds ')).to.have.length(1);
  });

  it('says Redis is down before its connection is opened, and opens none to say so', async () => {
    database = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    const container = testContainer({ config: metricsOn({ redisUrl: 'redis://127.0.0.1:9' }), database });
    expect(await linesOf(container, 'gatehouse_redis_up ')).to.deep.equal(['gatehouse_redis_up 0']);
    expect(container.get(sharedIds.redis).status()).to.equal('unopened');
  });
});
