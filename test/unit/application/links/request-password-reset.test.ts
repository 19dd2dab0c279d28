import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../../src/application/shared/auth-throttle.js';
import type { Transactions } from '../../../../src/application/shared/ports/transactions.js';
import { MAX_PENDING_RESET_REQUESTS, RequestPasswordReset } from '../../../../src/application/links/request-password-reset.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { silentLogger } from '../../../../src/web/shared/logger.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { captureLog } from '../../../support/captured-log.js';
import { deferred } from '../../../support/deferred.js';
import { lastLink, linkFixture, tokenOf } from '../../../support/links/link-fixture.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';

async function setUp(options: { transactions?: (inner: Transactions) => Transactions } = {}) {
  const fixture = await linkFixture();
  const log = captureLog();
  const transactions = options.transactions?.(fixture.transactions) ?? fixture.transactions;
  const { events } = testSecurityEvents({ logger: log.logger, audit: fixture.audit, clock: fixture.clock });
  const request = new RequestPasswordReset(transactions, fixture.linkTokens, fixture.clock, fixture.throttle, log.logger, events);
  return { ...fixture, log, request };
}

const PER_EMAIL = DEFAULT_THROTTLE_LIMITS.passwordResetsPerEmail;
const PER_ADDRESS = DEFAULT_THROTTLE_LIMITS.passwordResetsPerAddress;

const ask = (email: string, clientAddress = CLIENT_ADDRESS) => ({ email, request: testRequest(clientAddress) });

describe('RequestPasswordReset', () => {
  it('queues a password-reset message to the account, with a link on APP_URL that works for an hour', async () => {
    const { request, outbox, tokens, clock } = await setUp();

    expect(await request.execute(ask(' ADA@example.com '))).to.deep.equal({ kind: 'accepted' });
    await request.idle();

    expect(outbox.queued).to.have.length(1);
    expect(outbox.queued[0]).to.include({ kind: 'password-reset', to: 'ada@example.com', expiresInMinutes: 60 });
    const link = lastLink(outbox.queued, 'password-reset');
    expect(link).to.match(new RegExp(`^${TEST_APP_URL}/password/reset\\?token=[A-Za-z0-9_-]{43}$`));
    const hash = cryptoSecretTokens.hashOf(tokenOf(link));
    expect((await tokens.find('password-reset', hash, clock.now()))?.expiresAt).to.equal(clock.now() + 3_600_000);
  });

  it('answers accepted for an address no account has, and queues and stores nothing', async () => {
    const { request, outbox, tokens } = await setUp();

    expect(await request.execute(ask('nobody@example.com'))).to.deep.equal({ kind: 'accepted' });
    await request.idle();

    expect(outbox.queued).to.deep.equal([]);
    expect(await tokens.purgeExpired(Number.MAX_SAFE_INTEGER)).to.equal(0);
  });

  it('answers before it looks the address up, for known and unknown addresses alike', async () => {
    const hold = deferred();
    let started = 0;
    const { request, outbox } = await setUp({
      transactions: (inner) => ({
        run: async (work) => {
          started += 1;
          await hold.promise;
          return inner.run(work);
        },
      }),
    });

    const answers = [await request.execute(ask('ada@example.com')), await request.execute(ask('nobody@example.com'))];

    expect(answers).to.deep.equal([{ kind: 'accepted' }, { kind: 'accepted' }]);
    expect(started).to.equal(2);
    expect(outbox.queued).to.deep.equal([]);
    hold.resolve();
    await request.idle();
    expect(outbox.queued.map((mail) => mail.to)).to.deep.equal(['ada@example.com']);
  });

  it(`answers a request past ${MAX_PENDING_RESET_REQUESTS} unfinished ones only once one of them finishes`, async () => {
    const hold = deferred();
    const { request } = await setUp({
      transactions: (inner) => ({ run: async (work) => (await hold.promise, inner.run(work)) }),
    });
    // Another address for each, so the per-email limit never applies.
    const asks = Array.from({ length: MAX_PENDING_RESET_REQUESTS + 1 }, (_, n) => ask(`person${n}@example.com`, `10.0.${n}.1`));
    for (const one of asks.slice(0, -1)) expect(await request.execute(one)).to.deep.equal({ kind: 'accepted' });

    let answered = false;
    const last = request.execute(asks.at(-1) ?? ask('x@example.com')).then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).to.equal(false);

    hold.resolve();
    expect(await last).to.deep.equal({ kind: 'accepted' });
    await request.idle();
  });

  it("records each accepted request once, after the answer, on the account's activity when one has the address", async () => {
    const { request, log, audit, ada } = await setUp();

    await request.execute(ask('ADA@example.com'));
    await request.execute(ask('nobody@example.com'));
    await request.idle();

    const lines = log.lines().filter((line) => line.event === 'password-reset.requested');
    expect(lines.map(({ userId, email, ip }) => ({ userId, email, ip }))).to.deep.equal([
      { userId: ada.id, email: 'ada@example.com', ip: CLIENT_ADDRESS },
      { userId: undefined, email: 'nobody@example.com', ip: CLIENT_ADDRESS },
    ]);
    const stored = await audit.listOfUser(ada.id, { before: null, limit: 10 });
    expect(stored.map((event) => event.type)).to.deep.equal(['password-reset.requested']);
  });

  it('records a throttled request as password-reset.throttled, with the address as typed once normalised, before the answer', async () => {
    const { request, log } = await setUp();
    for (let n = 0; n < PER_EMAIL; n++) await request.execute(ask('ada@example.com', `192.0.2.${n}`));

    expect((await request.execute(ask(' ADA@example.com ', '198.51.100.1'))).kind).to.equal('throttled');

    const lines = log.lines().filter((line) => line.event === 'password-reset.throttled');
    expect(lines.map(({ email, ip, level, requestId }) => ({ email, ip, level, requestId }))).to.deep.equal([
      { email: 'ada@example.com', ip: '198.51.100.1', level: 'warn', requestId: 'test-request' },
    ]);
    await request.idle();
    expect(log.lines().filter((line) => line.event === 'password-reset.requested')).to.have.length(PER_EMAIL);
  });

  it('records the request also when its link could not be written', async () => {
    const { request, log, outbox } = await setUp();
    outbox.enqueue = async () => {
      throw new Error('outbox is gone');
    };
    await request.execute(ask('ada@example.com'));
    await request.idle();
    expect(log.lines().filter((line) => line.event === 'password-reset.requested')).to.have.length(1);
  });

  it('supersedes the earlier link: only the newest one works', async () => {
    const { request, outbox, tokens, clock } = await setUp();
    await request.execute(ask('ada@example.com'));
    await request.execute(ask('ada@example.com'));
    await request.idle();

    const [first, second] = outbox.queued.map((mail) => ('link' in mail ? tokenOf(mail.link) : ''));
    expect(await tokens.find('password-reset', cryptoSecretTokens.hashOf(first ?? ''), clock.now())).to.equal(null);
    expect(await tokens.find('password-reset', cryptoSecretTokens.hashOf(second ?? ''), clock.now())).not.to.equal(null);
  });

  it('answers invalid-email for a malformed address, without counting it or looking anything up', async () => {
    const { request, outbox } = await setUp();
    for (let n = 0; n < PER_ADDRESS + 1; n++) {
      expect(await request.execute(ask('not an email'))).to.deep.equal({ kind: 'invalid-email' });
    }
    await request.idle();
    expect(outbox.queued).to.deep.equal([]);
    expect(await request.execute(ask('ada@example.com'))).to.deep.equal({ kind: 'accepted' });
  });

  it(`answers throttled after ${PER_EMAIL} requests for one email, known or not`, async () => {
    const { request, outbox } = await setUp();
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      for (let n = 0; n < PER_EMAIL; n++) {
        expect(await request.execute(ask(email, `192.0.2.${n}`))).to.deep.equal({ kind: 'accepted' });
      }
      const throttled = { kind: 'throttled', retryAfterSeconds: 3600 };
      expect(await request.execute(ask(email, '198.51.100.1'))).to.deep.equal(throttled);
    }
    await request.idle();
    expect(outbox.queued).to.have.length(PER_EMAIL);
  });

  it(`answers throttled after ${PER_ADDRESS} requests from one address, whatever the emails`, async () => {
    const { request } = await setUp();
    for (let n = 0; n < PER_ADDRESS; n++) {
      expect(await request.execute(ask(`person-${n}@example.com`))).to.deep.equal({ kind: 'accepted' });
    }
    expect((await request.execute(ask('ada@example.com'))).kind).to.equal('throttled');
    expect((await request.execute(ask('ada@example.com', '198.51.100.1'))).kind).to.equal('accepted');
  });

  it('logs a failure of the work after the answer, without the link, and still answers accepted', async () => {
    const { request, log, outbox } = await setUp();
    outbox.enqueue = async (mail) => {
      throw new Error(`outbox refused a message of ${JSON.stringify(mail).length} characters`);
    };

    expect(await request.execute(ask('ada@example.com'))).to.deep.equal({ kind: 'accepted' });
    await request.idle();

    const errors = log.lines().filter((line) => line.level === 'error');
    expect(errors.map((line) => line.msg)).to.deep.equal(['password reset request failed']);
    expect(log.text()).not.to.include('/password/reset');
  });

  it('stores no token when the message cannot be queued (one transaction)', async () => {
    const fixture = await linkFixture();
    fixture.outbox.enqueue = async () => {
      throw new Error('outbox is gone');
    };
    const { transactions, linkTokens, clock, throttle } = fixture;
    const request = new RequestPasswordReset(transactions, linkTokens, clock, throttle, silentLogger, testSecurityEvents().events);

    await request.execute(ask('ada@example.com'));
    await request.idle();

    expect(await fixture.tokens.purgeExpired(Number.MAX_SAFE_INTEGER)).to.equal(0);
  });
});
