import { expect } from 'chai';
import type { NewToken, OneTimeTokens } from '../../../src/application/links/ports/one-time-tokens.js';

/** A fresh, empty token store for one test, and how to release it. */
export interface TokensUnderTest {
  readonly tokens: OneTimeTokens;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

function token(hash: string, overrides: Partial<NewToken> = {}): NewToken {
  return {
    tokenHash: hash.padEnd(64, '0'),
    purpose: 'password-reset',
    userId: 7,
    newEmail: null,
    expiresAt: NOW + HOUR,
    ...overrides,
  };
}

const hash = (name: string) => name.padEnd(64, '0');

/** What every `OneTimeTokens` adapter must do. */
export function oneTimeTokensContract(make: () => Promise<TokensUnderTest>): void {
  let subject: TokensUnderTest;
  let tokens: OneTimeTokens;

  beforeEach(async () => {
    subject = await make();
    tokens = subject.tokens;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('finds a live token by hash and purpose, without using it', async () => {
    await tokens.issue(token('a', { newEmail: 'new@example.com', purpose: 'email-change' }));
    const expected = { purpose: 'email-change', userId: 7, newEmail: 'new@example.com', expiresAt: NOW + HOUR };
    expect(await tokens.find('email-change', hash('a'), NOW)).to.deep.equal(expected);
    expect(await tokens.find('email-change', hash('a'), NOW)).to.deep.equal(expected);
  });

  it('finds nothing for an unknown hash or another purpose', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.find('password-reset', hash('b'), NOW)).to.equal(null);
    expect(await tokens.find('email-verification', hash('a'), NOW)).to.equal(null);
    expect(await tokens.consume('email-verification', hash('a'), NOW)).to.equal(null);
  });

  it('is used once: a second consume finds nothing', async () => {
    await tokens.issue(token('a'));
    expect((await tokens.consume('password-reset', hash('a'), NOW))?.userId).to.equal(7);
    expect(await tokens.consume('password-reset', hash('a'), NOW)).to.equal(null);
    expect(await tokens.find('password-reset', hash('a'), NOW)).to.equal(null);
  });

  it('gives a token to only one of many callers at once', async () => {
    await tokens.issue(token('a'));
    const results = await Promise.all(Array.from({ length: 10 }, () => tokens.consume('password-reset', hash('a'), NOW)));
    expect(results.filter((result) => result !== null)).to.have.length(1);
  });

  it('expires at expiresAt', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.find('password-reset', hash('a'), NOW + HOUR - 1)).to.not.equal(null);
    expect(await tokens.find('password-reset', hash('a'), NOW + HOUR)).to.equal(null);
    expect(await tokens.consume('password-reset', hash('a'), NOW + HOUR)).to.equal(null);
  });

  it('supersedes older tokens of the same user and purpose only', async () => {
    await tokens.issue(token('old'));
    await tokens.issue(token('verify', { purpose: 'email-verification' }));
    await tokens.issue(token('other', { userId: 8 }));
    await tokens.issue(token('new'));
    expect(await tokens.find('password-reset', hash('old'), NOW)).to.equal(null);
    expect(await tokens.find('password-reset', hash('new'), NOW)).to.not.equal(null);
    expect(await tokens.find('email-verification', hash('verify'), NOW)).to.not.equal(null);
    expect(await tokens.find('password-reset', hash('other'), NOW)).to.not.equal(null);
  });

  it("lists a user's tokens, live, used or expired, the one expiring first first, and no other user's", async () => {
    expect(await tokens.listOfUser(7)).to.deep.equal([]);
    await tokens.issue(token('a', { purpose: 'email-change', newEmail: 'new@example.com', expiresAt: NOW + 2 * HOUR }));
    await tokens.issue(token('b'));
    await tokens.issue(token('c', { purpose: 'email-verification', expiresAt: NOW - HOUR }));
    await tokens.issue(token('d', { userId: 8 }));
    await tokens.consume('password-reset', hash('b'), NOW);

    expect(await tokens.listOfUser(7)).to.deep.equal([
      { purpose: 'email-verification', userId: 7, newEmail: null, expiresAt: NOW - HOUR, usedAt: null },
      { purpose: 'password-reset', userId: 7, newEmail: null, expiresAt: NOW + HOUR, usedAt: NOW },
      { purpose: 'email-change', userId: 7, newEmail: 'new@example.com', expiresAt: NOW + 2 * HOUR, usedAt: null },
    ]);
  });

  it('deletes the tokens of one user, of one purpose or of all', async () => {
    await tokens.issue(token('reset'));
    await tokens.issue(token('verify', { purpose: 'email-verification' }));
    await tokens.issue(token('other', { userId: 8 }));
    expect(await tokens.deleteAllOfUser(7, 'email-verification')).to.equal(1);
    expect(await tokens.find('password-reset', hash('reset'), NOW)).to.not.equal(null);
    expect(await tokens.deleteAllOfUser(7)).to.equal(1);
    expect(await tokens.find('password-reset', hash('reset'), NOW)).to.equal(null);
    expect(await tokens.find('password-reset', hash('other'), NOW)).to.not.equal(null);
  });

  it('purges expired and used tokens, and keeps live ones', async () => {
    await tokens.issue(token('expired', { expiresAt: NOW - 1 }));
    await tokens.issue(token('used', { userId: 8 }));
    await tokens.issue(token('live', { userId: 9 }));
    await tokens.consume('password-reset', hash('used'), NOW - 10);
    expect(await tokens.purgeExpired(NOW)).to.equal(2);
    expect(await tokens.find('password-reset', hash('live'), NOW)).to.not.equal(null);
  });
}
