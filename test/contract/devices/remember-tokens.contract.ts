import { expect } from 'chai';
import type { NewRememberToken, RememberRotation, RememberTokens } from '../../../src/application/devices/ports/remember-tokens.js';

/** A fresh, empty store for one test, and how to release it. */
export interface RememberTokensUnderTest {
  readonly tokens: RememberTokens;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const DAY = 24 * 3_600_000;

/** A 43-character selector, unique per name. */
const selector = (name: string) => name.padEnd(43, 'S');
const hash = (name: string) => name.padEnd(64, '0');
const handle = (name: string) => name.padEnd(32, 'a');

function token(name: string, overrides: Partial<NewRememberToken> = {}): NewRememberToken {
  return {
    handle: handle(name),
    selector: selector(name),
    validatorHash: hash(`v-${name}`),
    userId: 7,
    sessionHandle: handle(`s-${name}`),
    createdAt: NOW,
    expiresAt: NOW + 30 * DAY,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ip: '192.0.2.1',
    ...overrides,
  };
}

function rotation(name: string, overrides: Partial<RememberRotation> = {}): RememberRotation {
  return {
    validatorHash: hash(name),
    sessionHandle: handle(`s-${name}`),
    userAgent: 'curl/8.5.0',
    ip: '2001:db8::1',
    ...overrides,
  };
}

/** What every `RememberTokens` adapter must do. */
export function rememberTokensContract(make: () => Promise<RememberTokensUnderTest>): void {
  let subject: RememberTokensUnderTest;
  let tokens: RememberTokens;

  beforeEach(async () => {
    subject = await make();
    tokens = subject.tokens;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('finds a live token by its selector, with everything stored and no rotation yet', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.find(selector('a'), NOW)).to.deep.equal({
      ...token('a'),
      previousValidatorHash: null,
      rotatedAt: null,
      lastUsedAt: NOW,
    });
  });

  it('finds nothing for an unknown selector, or one that differs only in case', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.find(selector('b'), NOW)).to.equal(null);
    expect(await tokens.find(selector('A'), NOW)).to.equal(null);
  });

  it('expires at expiresAt, and rotates no expired token', async () => {
    await tokens.issue(token('a'));
    const end = NOW + 30 * DAY;
    expect(await tokens.find(selector('a'), end - 1)).to.not.equal(null);
    expect(await tokens.find(selector('a'), end)).to.equal(null);
    expect(await tokens.rotate(selector('a'), hash('v-a'), rotation('next'), end)).to.equal(false);
  });

  it('refuses a second token with a taken selector or handle', async () => {
    await tokens.issue(token('a'));
    const failures = await Promise.allSettled([
      tokens.issue(token('b', { selector: selector('a') })),
      tokens.issue(token('c', { handle: handle('a') })),
    ]);
    expect(failures.map((result) => result.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await tokens.listOfUser(7, NOW)).to.have.length(1);
  });

  it('rotates from the current validator: the old hash becomes the previous one, and the use is recorded', async () => {
    await tokens.issue(token('a'));
    const later = NOW + DAY;
    expect(await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), later)).to.equal(true);
    expect(await tokens.find(selector('a'), later)).to.deep.equal({
      ...token('a'),
      validatorHash: hash('v2'),
      previousValidatorHash: hash('v-a'),
      rotatedAt: later,
      lastUsedAt: later,
      sessionHandle: handle('s-v2'),
      userAgent: 'curl/8.5.0',
      ip: '2001:db8::1',
    });
  });

  it('does not rotate from a validator that is no longer the current one', async () => {
    await tokens.issue(token('a'));
    await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), NOW);
    expect(await tokens.rotate(selector('a'), hash('v-a'), rotation('v3'), NOW)).to.equal(false);
    expect((await tokens.find(selector('a'), NOW))?.validatorHash).to.equal(hash('v2'));
  });

  it('lets only one of many callers rotate from the same validator', async () => {
    await tokens.issue(token('a'));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => tokens.rotate(selector('a'), hash('v-a'), rotation(`r${n}`), NOW)),
    );
    expect(results.filter(Boolean)).to.have.length(1);
    const winner = results.indexOf(true);
    expect((await tokens.find(selector('a'), NOW))?.validatorHash).to.equal(hash(`r${winner}`));
  });

  it('records the one grace use of the previous validator: the first caller gets true, every later one false', async () => {
    await tokens.issue(token('a'));
    await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), NOW);
    const rotated = await tokens.find(selector('a'), NOW);

    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW + 1)).to.equal(true);
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW + 2)).to.equal(false);
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW + 3)).to.equal(false);
    // The grace use changes nothing a reader sees: the validator stays the rotated one.
    expect(await tokens.find(selector('a'), NOW + 3)).to.deep.equal(rotated);
  });

  it('gives a grace use only to the previous validator of a live, rotated token', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW), 'never rotated').to.equal(false);
    await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), NOW);
    expect(await tokens.useGrace(selector('a'), hash('v2'), NOW), 'the current validator').to.equal(false);
    expect(await tokens.useGrace(selector('a'), hash('other'), NOW), 'a wrong one').to.equal(false);
    expect(await tokens.useGrace(selector('b'), hash('v-a'), NOW), 'an unknown selector').to.equal(false);
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW + 30 * DAY), 'expired').to.equal(false);
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW)).to.equal(true);
  });

  it('gives every rotation a grace use of its own, and none to a validator two rotations old', async () => {
    await tokens.issue(token('a'));
    await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), NOW);
    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW)).to.equal(true);

    await tokens.rotate(selector('a'), hash('v2'), rotation('v3'), NOW + 10);

    expect(await tokens.useGrace(selector('a'), hash('v-a'), NOW + 10)).to.equal(false);
    expect(await tokens.useGrace(selector('a'), hash('v2'), NOW + 10)).to.equal(true);
    expect(await tokens.useGrace(selector('a'), hash('v2'), NOW + 10)).to.equal(false);
  });

  it('lets only one of many callers use the grace of the same previous validator', async () => {
    await tokens.issue(token('a'));
    await tokens.rotate(selector('a'), hash('v-a'), rotation('v2'), NOW);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => tokens.useGrace(selector('a'), hash('v-a'), NOW + 1)),
    );
    expect(results.filter(Boolean)).to.have.length(1);
  });

  it('lists the live tokens of one user, the most recently used first', async () => {
    await tokens.issue(token('old'));
    await tokens.issue(token('new'));
    await tokens.issue(token('gone', { expiresAt: NOW + 1 }));
    await tokens.issue(token('other', { userId: 8 }));
    await tokens.rotate(selector('new'), hash('v-new'), rotation('n2'), NOW + 10);
    const listed = await tokens.listOfUser(7, NOW + 10);
    expect(listed.map((listedToken) => listedToken.handle)).to.deep.equal([handle('new'), handle('old')]);
    expect(await tokens.listOfUser(9, NOW)).to.deep.equal([]);
  });

  it('deletes a token by selector only for its own user', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.delete(8, selector('a'))).to.equal(false);
    expect(await tokens.find(selector('a'), NOW)).to.not.equal(null);
    expect(await tokens.delete(7, selector('a'))).to.equal(true);
    expect(await tokens.find(selector('a'), NOW)).to.equal(null);
    expect(await tokens.delete(7, selector('a'))).to.equal(false);
  });

  it('deletes a token by its public handle only for its own user', async () => {
    await tokens.issue(token('a'));
    expect(await tokens.deleteByHandle(8, handle('a'))).to.equal(false);
    expect(await tokens.deleteByHandle(7, handle('a'))).to.equal(true);
    expect(await tokens.find(selector('a'), NOW)).to.equal(null);
  });

  it('deletes the tokens that last started a given session of the user', async () => {
    await tokens.issue(token('a'));
    await tokens.issue(token('b'));
    await tokens.rotate(selector('b'), hash('v-b'), rotation('b2', { sessionHandle: handle('s-a') }), NOW);
    await tokens.issue(token('c', { userId: 8, sessionHandle: handle('s-a') }));
    expect(await tokens.deleteBySession(7, handle('s-a'))).to.equal(2);
    expect(await tokens.listOfUser(7, NOW)).to.deep.equal([]);
    expect(await tokens.find(selector('c'), NOW)).to.not.equal(null);
  });

  it('deletes every token of a user, or every one but the kept selector, and no one else\'s', async () => {
    await tokens.issue(token('a'));
    await tokens.issue(token('b'));
    await tokens.issue(token('c'));
    await tokens.issue(token('other', { userId: 8 }));
    expect(await tokens.deleteAllOfUser(7, selector('b'))).to.equal(2);
    expect((await tokens.listOfUser(7, NOW)).map((kept) => kept.handle)).to.deep.equal([handle('b')]);
    expect(await tokens.deleteAllOfUser(7)).to.equal(1);
    expect(await tokens.listOfUser(7, NOW)).to.deep.equal([]);
    expect(await tokens.find(selector('other'), NOW)).to.not.equal(null);
  });

  it('deletes every token of every user at once, and counts them', async () => {
    await tokens.issue(token('a'));
    await tokens.issue(token('b'));
    await tokens.issue(token('other', { userId: 8 }));
    expect(await tokens.deleteAll()).to.equal(3);
    expect(await tokens.listOfUser(7, NOW)).to.deep.equal([]);
    expect(await tokens.find(selector('other'), NOW)).to.equal(null);
    expect(await tokens.deleteAll()).to.equal(0);
  });

  it('purges the expired tokens only', async () => {
    await tokens.issue(token('short', { expiresAt: NOW + DAY }));
    await tokens.issue(token('long'));
    expect(await tokens.purgeExpired(NOW + DAY)).to.equal(1);
    expect(await tokens.find(selector('long'), NOW + DAY)).to.not.equal(null);
    expect(await tokens.purgeExpired(NOW + DAY)).to.equal(0);
  });

  it('hands out copies: changing a found token changes nothing stored', async () => {
    await tokens.issue(token('a'));
    const found = (await tokens.find(selector('a'), NOW)) as { validatorHash: string } | null;
    if (found) found.validatorHash = hash('changed');
    expect((await tokens.find(selector('a'), NOW))?.validatorHash).to.equal(hash('v-a'));
  });
}
