import { expect } from 'chai';
import type { BreachedPasswordsConfig } from '../../../../../src/infrastructure/config.js';
import { breachedPasswords } from '../../../../../src/infrastructure/shared/passwords/hibp-breached-passwords.js';
import { captureLog } from '../../../../support/captured-log.js';
import { RangeServer, sha1Of } from '../../../../support/passwords/range-server.js';

const BREACHED = new Map([
  ['correct horse battery', 3],
  ['seen once only', 1],
]);

describe('breached passwords through the range API (HibpBreachedPasswords)', () => {
  const server = new RangeServer(BREACHED);
  let url = '';
  before(async () => {
    url = await server.start();
  });
  after(() => server.stop());
  beforeEach(() => {
    server.mode = 'normal';
    server.requests.length = 0;
  });

  function check(changes: Partial<BreachedPasswordsConfig> = {}) {
    const log = captureLog();
    const config: BreachedPasswordsConfig = { check: true, url, minCount: 1, onError: 'accept', timeoutMs: 2000, ...changes };
    return { log, breached: breachedPasswords(config, log.logger) };
  }

  it('refuses a hit, sending only the first 5 hex characters of the SHA-1 with Add-Padding: true', async () => {
    const { breached } = check();
    expect(await breached.isBreached('correct horse battery')).to.equal(true);
    const sha1 = sha1Of('correct horse battery');
    expect(server.requests.map((request) => request.path)).to.deep.equal([`/range/${sha1.slice(0, 5)}`]);
    expect(server.requests[0]?.headers['add-padding']).to.equal('true');
    expect(JSON.stringify(server.requests)).not.to.include(sha1.slice(5));
  });

  it('accepts a miss, and a suffix found only on a padding line (count 0)', async () => {
    const { breached } = check();
    expect(await breached.isBreached('not in any breach at all')).to.equal(false);
    server.mode = 'padding-only';
    expect(await breached.isBreached('correct horse battery')).to.equal(false);
  });

  it('refuses only a count of at least BREACHED_PASSWORD_MIN_COUNT', async () => {
    const { breached } = check({ minCount: 2 });
    expect(await breached.isBreached('correct horse battery')).to.equal(true);
    expect(await breached.isBreached('seen once only')).to.equal(false);
  });

  for (const [mode, label] of [
    ['status-500', 'an error status'],
    ['garbage', 'garbage'],
  ] as const) {
    it(`takes ${label} as "cannot be reached": accepted with a warning line (accept), refused (refuse)`, async () => {
      server.mode = mode;
      const accepting = check();
      expect(await accepting.breached.isBreached('correct horse battery')).to.equal(false);
      const warning = accepting.log.lines().find((line) => line['msg'] === 'breached-password service cannot be reached');
      expect(warning).to.include({ level: 'warn', outcome: 'accepted' });
      expect(accepting.log.text()).not.to.include('correct horse battery');
      const refusing = check({ onError: 'refuse' });
      expect(await refusing.breached.isBreached('not in any breach at all')).to.equal(true);
    });
  }

  it('gives up on a service that never answers after the timeout', async () => {
    server.mode = 'slow';
    const { breached, log } = check({ timeoutMs: 200 });
    const started = Date.now();
    expect(await breached.isBreached('correct horse battery')).to.equal(false);
    expect(Date.now() - started).to.be.lessThan(1500);
    expect(log.text()).to.include('cannot be reached');
    const refusing = check({ timeoutMs: 200, onError: 'refuse' });
    expect(await refusing.breached.isBreached('correct horse battery')).to.equal(true);
  });

  it('takes a dead service (nothing listening) as "cannot be reached"', async () => {
    const { breached } = check({ url: 'http://127.0.0.1:1/range', onError: 'refuse' });
    expect(await breached.isBreached('anything at all')).to.equal(true);
  });

  it('asks nothing when BREACHED_PASSWORDS is off', async () => {
    const { breached } = check({ check: false });
    expect(await breached.isBreached('correct horse battery')).to.equal(false);
    expect(server.requests).to.deep.equal([]);
  });
});
