import { expect } from 'chai';
import {
  DEVICE_TOKEN_LIFETIME_MS,
  type NewDeviceAlertOptions,
  NoticeLoginDevice,
  type NoticeLoginDeviceResult,
} from '../../../../src/application/devices/notice-login-device.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { captureLog } from '../../../support/captured-log.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { ManualClock } from '../../../support/throttle.js';
import { memoryTransactions } from '../../../support/test-container.js';

const DAY = 24 * 60 * 60 * 1000;

/** Ada on in-memory stores, and the device check with the production bounds unless told otherwise. */
async function withAda(options: Partial<NewDeviceAlertOptions> = {}) {
  const clock = new ManualClock();
  const transactions = memoryTransactions();
  const { users, outbox, knownDevices } = transactions.stores;
  const log = captureLog();
  const { events } = testSecurityEvents({ clock, logger: log.logger });
  const ada = await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const notice = new NoticeLoginDevice(knownDevices, transactions, cryptoSecretTokens, clock, events, {
    enabled: true,
    windowMs: 90 * DAY,
    maxDevicesPerAccount: 32,
    refreshAfterMs: DAY,
    ...options,
  });
  /** A login of Ada's from a browser holding `deviceToken`. */
  const logIn = (deviceToken: string | null, ip = '192.0.2.7') =>
    notice.execute({ userId: ada.id, deviceToken, device: 'Firefox on Ubuntu', request: testRequest(ip) });
  return { clock, users, outbox, knownDevices, log, ada, logIn, transactions };
}

/** The token a result gives the browser to keep. */
function tokenOf(result: NoticeLoginDeviceResult): string {
  if (!('deviceToken' in result)) throw new Error(`no token: ${result.kind}`);
  return result.deviceToken;
}

describe('NoticeLoginDevice', () => {
  it('takes the account’s first device for what it is, with no alert, and gives it a new random token', async () => {
    const { logIn, outbox, knownDevices, ada } = await withAda();
    const result = await logIn(null);
    expect(result.kind).to.equal('first-device');
    expect(tokenOf(result)).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(outbox.queued).to.deep.equal([]);
    const [device] = await knownDevices.ofUser(ada.id);
    expect(device?.deviceHash).to.equal(cryptoSecretTokens.hashOf(tokenOf(result)));
  });

  it('knows that device at its next login, keeping its token, and alerts no one', async () => {
    const { logIn, outbox } = await withAda();
    const token = tokenOf(await logIn(null));
    const again = await logIn(token);
    expect(again).to.deep.equal({ kind: 'known', deviceToken: token });
    expect(outbox.queued).to.deep.equal([]);
  });

  it('alerts the owner of a login from another device: when, which device, which address', async () => {
    const { logIn, outbox, clock } = await withAda();
    await logIn(null);
    clock.advance(60_000);
    const result = await logIn(null, '198.51.100.4');
    expect(result.kind).to.equal('alerted');
    expect(outbox.queued).to.deep.equal([
      { kind: 'new-device-login', to: 'ada@example.com', at: clock.now(), device: 'Firefox on Ubuntu', address: '198.51.100.4' },
    ]);
  });

  it('alerts about a device once: its next login is a known one', async () => {
    const { logIn, outbox } = await withAda();
    await logIn(null);
    const second = tokenOf(await logIn(null));
    expect((await logIn(second)).kind).to.equal('known');
    expect(outbox.queued).to.have.length(1);
  });

  it('alerts once of two logins of one new device at the same instant: the other is a known one', async () => {
    const { logIn, outbox } = await withAda();
    await logIn(null);
    const token = cryptoSecretTokens.create().token;
    const results = await Promise.all([logIn(token), logIn(token)]);
    expect(results.map((result) => result.kind).sort()).to.deep.equal(['alerted', 'known']);
    expect(outbox.queued).to.have.length(1);
  });

  it('takes a tampered, truncated or over-long token for a new device: an alert and a new token, never an error', async () => {
    const { logIn, outbox } = await withAda();
    const token = tokenOf(await logIn(null));
    for (const presented of [`${token.slice(0, 42)}!`, token.slice(0, 20), `${token}A`, '', '%E0%A4%A', 'a.b.c']) {
      const result = await logIn(presented);
      expect(result.kind).to.equal('alerted', presented);
      expect(tokenOf(result)).to.not.equal(presented);
    }
    expect(outbox.queued).to.have.length(6);
  });

  it('takes a well-formed token it never issued, or another account’s, for a new device, and keeps it as this account’s', async () => {
    const { logIn, users, outbox, transactions, clock } = await withAda();
    await logIn(null);
    const grace = await users.create({ email: Email.parse('grace@example.com') as Email, passwordHash: 'x', phone: null });
    const graceNotice = await new NoticeLoginDevice(transactions.stores.knownDevices, transactions, cryptoSecretTokens, clock, testSecurityEvents().events, {
      enabled: true, windowMs: 90 * DAY, maxDevicesPerAccount: 32, refreshAfterMs: DAY,
    }).execute({ userId: grace.id, deviceToken: null, device: 'Chrome on Windows', request: testRequest() });
    const gracesToken = tokenOf(graceNotice);

    const copied = await logIn(gracesToken);
    expect(copied).to.deep.equal({ kind: 'alerted', deviceToken: gracesToken });
    expect((await logIn(gracesToken)).kind).to.equal('known');
    expect(outbox.queued.map((mail) => mail.to)).to.deep.equal(['ada@example.com']);
  });

  it('alerts again about a device the account has not used within the window, and not at its edge', async () => {
    const { logIn, outbox, clock } = await withAda({ windowMs: 90 * DAY });
    await logIn(null);
    const token = tokenOf(await logIn(null));
    clock.advance(90 * DAY);
    expect((await logIn(token)).kind).to.equal('known');
    clock.advance(90 * DAY + 1);
    expect((await logIn(token)).kind).to.equal('alerted');
    expect(outbox.queued).to.have.length(2);
  });

  it('alerts at the next login of a dormant account whose devices the purge forgot: it keeps the newest', async () => {
    const { logIn, outbox, clock, knownDevices, ada } = await withAda();
    await logIn(null);
    clock.advance(DAY);
    await logIn(null);
    expect(outbox.queued).to.have.length(1);
    clock.advance(DEVICE_TOKEN_LIFETIME_MS + DAY);
    await knownDevices.purgeUnseenSince(clock.now() - DEVICE_TOKEN_LIFETIME_MS);
    expect(await knownDevices.ofUser(ada.id)).to.have.length(1);
    // Someone with the password, on a browser of their own, more than 400 days later.
    expect((await logIn(null, '203.0.113.9')).kind).to.equal('alerted');
    expect(outbox.queued).to.have.length(2);
  });

  it('reads the account’s devices once per login, and writes a known device’s sight only once a day', async () => {
    const { logIn, knownDevices, ada, clock } = await withAda();
    const token = tokenOf(await logIn(null));
    const seenAt = clock.now();
    knownDevices.reads = 0;
    clock.advance(DAY - 1);
    await logIn(token);
    expect(knownDevices.reads).to.equal(1);
    expect((await knownDevices.ofUser(ada.id))[0]?.lastSeenAt).to.equal(seenAt);
    clock.advance(1);
    await logIn(token);
    expect((await knownDevices.ofUser(ada.id))[0]?.lastSeenAt).to.equal(clock.now());
  });

  it('keeps at most the cap of devices per account, forgetting the least recently seen', async () => {
    const { logIn, knownDevices, ada, clock } = await withAda({ maxDevicesPerAccount: 3 });
    const first = tokenOf(await logIn(null));
    for (let n = 0; n < 4; n += 1) {
      clock.advance(1000);
      await logIn(null);
    }
    const kept = await knownDevices.ofUser(ada.id);
    expect(kept).to.have.length(3);
    expect(kept.map((device) => device.deviceHash)).to.not.include(cryptoSecretTokens.hashOf(first));
  });

  it('queues nothing and keeps nothing when the account went while the login completed', async () => {
    const { logIn, users, outbox, knownDevices, ada } = await withAda();
    await logIn(null);
    await users.delete(ada.id);
    expect(await logIn(null)).to.deep.equal({ kind: 'account-gone' });
    expect(outbox.queued).to.deep.equal([]);
    expect(await knownDevices.ofUser(ada.id)).to.have.length(1);
  });

  it('keeps the device unknown when the alert cannot be queued: the transaction rolls back', async () => {
    const { logIn, outbox, knownDevices, ada } = await withAda();
    await logIn(null);
    outbox.enqueue = () => Promise.reject(new Error('outbox down'));
    let failed = false;
    await logIn(null).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(await knownDevices.ofUser(ada.id)).to.have.length(1);
  });

  it('with the alerts off, reads nothing, keeps nothing and gives no token', async () => {
    const { logIn, knownDevices, outbox, ada } = await withAda({ enabled: false });
    expect(await logIn(null)).to.deep.equal({ kind: 'off' });
    expect(await logIn(null)).to.deep.equal({ kind: 'off' });
    expect([knownDevices.reads, outbox.queued.length, (await knownDevices.ofUser(ada.id)).length]).to.deep.equal([0, 0, 0]);
  });

  it('records an alert as login.new-device in the log, with the request', async () => {
    const { logIn, log } = await withAda();
    await logIn(null);
    expect(log.lines().filter((line) => line.event === 'login.new-device')).to.deep.equal([]);
    await logIn(null, '198.51.100.4');
    const [line] = log.lines().filter((entry) => entry.event === 'login.new-device');
    expect(line).to.include({ userId: 1, ip: '198.51.100.4', requestId: 'test-request' });
  });
});
