import { expect } from 'chai';
import { OidcIdentityProvider } from '../../../../src/infrastructure/providers/oidc-identity-provider.js';
import { OTHER_CLIENT, TEST_CLIENT, TestOpenIdProvider } from '../../../support/providers/test-provider.js';

const REDIRECT = 'https://gatehouse.example.test/auth/test/callback';

/** The query of the callback the provider sends the visitor back with. */
function queryOf(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'https://x').searchParams);
}

describe('OidcIdentityProvider against a real oidc-provider on loopback', () => {
  const op = new TestOpenIdProvider([REDIRECT]);
  let issuer = '';
  const client = (id = TEST_CLIENT.id, secret = TEST_CLIENT.secret) =>
    new OidcIdentityProvider({ kind: 'oidc', name: 'test', label: 'Test', issuer, clientId: id, clientSecret: secret }, REDIRECT, 2000);

  before(async () => {
    issuer = await op.start();
  });
  after(() => op.stop());
  beforeEach(() => {
    op.mode = 'normal';
    op.account = { sub: 'subject-ada', email: 'Ada@Example.com', emailVerified: true };
  });

  async function signedIn(provider: OidcIdentityProvider, fresh = false) {
    const started = await provider.start({ fresh });
    if (started.kind !== 'ok') throw new Error(started.detail);
    return { request: started.request, query: queryOf(await op.signIn(started.url)) };
  }

  it('sends PKCE S256, state and nonce, and reads the identity (the address lower-cased) from the checked ID token and UserInfo', async () => {
    const provider = client();
    const started = await provider.start({ fresh: false });
    if (started.kind !== 'ok') throw new Error(started.detail);
    const url = new URL(started.url);
    expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(url.searchParams.get('state')).to.equal(started.request.state);
    expect(url.searchParams.get('nonce')).to.equal(started.request.nonce);
    expect(url.searchParams.get('prompt')).to.equal(null);
    const query = queryOf(await op.signIn(started.url));
    expect(await provider.finish(query, started.request, { fresh: false })).to.deep.equal({
      kind: 'ok',
      identity: { subject: 'subject-ada', email: 'ada@example.com', emailVerified: true },
    });
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const provider = client();
    const { request, query } = await signedIn(provider);
    const answer = await provider.finish(query, { ...request, nonce: 'another-nonce' }, { fresh: false });
    expect(answer.kind).to.equal('invalid-response');
  });

  it('refuses a code with the wrong PKCE verifier', async () => {
    const provider = client();
    const { request, query } = await signedIn(provider);
    const answer = await provider.finish(query, { ...request, codeVerifier: 'x'.repeat(43) }, { fresh: false });
    expect(answer.kind).to.equal('invalid-response');
  });

  it('refuses a code issued to another client of the same provider', async () => {
    const { request, query } = await signedIn(client(OTHER_CLIENT.id, OTHER_CLIENT.secret));
    const answer = await client().finish(query, request, { fresh: false });
    expect(answer.kind).to.equal('invalid-response');
  });

  it('refuses a state that is not the one sent', async () => {
    const provider = client();
    const { request, query } = await signedIn(provider);
    expect((await provider.finish({ ...query, state: 'forged' }, request, { fresh: false })).kind).to.equal('invalid-response');
  });

  it('asks for a fresh sign-in (prompt=login, max_age=0) and accepts one', async () => {
    const provider = client();
    const started = await provider.start({ fresh: true });
    if (started.kind !== 'ok') throw new Error(started.detail);
    expect(new URL(started.url).searchParams.get('prompt')).to.equal('login');
    expect(new URL(started.url).searchParams.get('max_age')).to.equal('0');
    const query = queryOf(await op.signIn(started.url));
    expect((await provider.finish(query, started.request, { fresh: true })).kind).to.equal('ok');
  });

  it('answers unavailable when discovery gets garbage, and discovers again at the next call', async () => {
    const provider = client();
    op.mode = 'garbage';
    expect((await provider.start({ fresh: false })).kind).to.equal('unavailable');
    op.mode = 'normal';
    expect((await provider.start({ fresh: false })).kind).to.equal('ok');
  });
});
