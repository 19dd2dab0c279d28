import { expect } from 'chai';
import { REDACTED, redactSecrets } from '../../../../src/infrastructure/logging/redact-secrets.js';
import { captureLog } from '../../../support/captured-log.js';

describe('redactSecrets (the log formatter)', () => {
  it('replaces secret fields at the top level and one level down', () => {
    const line = { password: 'p', user: { id: 7, passwordHash: '$2b$10$x' }, sessionId: 's' };

    expect(redactSecrets(line)).to.deep.equal({ password: REDACTED, user: { id: 7, passwordHash: REDACTED }, sessionId: REDACTED });
  });

  it("replaces the second factor's secrets: an authenticator secret, sealed or not, recovery codes, data keys", () => {
    const line = { secret: 'JBSWY3DP', credential: { sealedSecret: 'v1.x', recoveryCodes: ['a'] }, dataEncryptionKeys: ['k'] };

    expect(redactSecrets(line)).to.deep.equal({
      secret: REDACTED,
      credential: { sealedSecret: REDACTED, recoveryCodes: REDACTED },
      dataEncryptionKeys: REDACTED,
    });
  });

  it('replaces the cookie of a nested headers object', () => {
    const line = { req: { headers: { cookie: 'gatehouse.sid=abc', host: 'example.test' } } };

    expect(redactSecrets(line)).to.deep.equal({ req: { headers: { cookie: REDACTED, host: 'example.test' } } });
  });

  it('leaves the caller’s object untouched', () => {
    const line = { user: { password: 'p' } };

    redactSecrets(line);

    expect(line).to.deep.equal({ user: { password: 'p' } });
  });

  it('returns a line without secrets as it is, without copying it', () => {
    const line = { requestId: 'r', method: 'GET', nested: { status: 200 } };

    expect(redactSecrets(line)).to.equal(line);
  });

  it('keeps secrets out of what the real logger writes', () => {
    const log = captureLog();

    log.logger.info({ password: 'hunter2-secret', user: { cookies: 'sid=s3cr3t' } }, 'oops');

    expect(log.text()).not.to.include('hunter2-secret');
    expect(log.text()).not.to.include('s3cr3t');
    expect(log.lines()[0]).to.deep.include({ password: REDACTED, user: { cookies: REDACTED } });
  });

  it('scans class instances as JSON would print them, and leaves errors and dates alone', () => {
    class Row {
      id = 7;
      passwordHash = '$2b$10$secret';
    }
    const error = Object.assign(new Error('boom'), { password: 'in-an-error' });
    const when = new Date(0);

    const out = redactSecrets({ user: new Row(), err: error, at: when });

    expect(out.user).to.deep.equal({ id: 7, passwordHash: REDACTED });
    expect(out.err).to.equal(error);
    expect(out.at).to.equal(when);
  });

  it('redacts a child logger’s bindings, at any depth of children', () => {
    const log = captureLog();

    log.logger.child({ cookie: 'sid=child-secret' }).child({ user: { password: 'grandchild-secret' } }).info({}, 'x');

    expect(log.text()).not.to.include('child-secret');
    expect(log.text()).not.to.include('grandchild-secret');
    expect(log.lines()[0]).to.deep.include({ cookie: REDACTED, user: { password: REDACTED } });
  });
});
