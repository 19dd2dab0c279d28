import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { providersIds } from '../../../src/infrastructure/providers/providers-ids.js';
import { GitHubStandIn } from '../../support/providers/github-stand-in.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: github login', () => {
  /** A loopback server standing in for GitHub's documented OAuth endpoints and REST API (github-stand-in.ts). */
  const github = new GitHubStandIn({ id: 'gh-client', secret: 'gh-secret' });
  let built: TestApp;
  let urls: { webUrl: string; apiUrl: string };
  before(async () => {
    urls = await github.start();
  });
  after(() => github.stop());
  beforeEach(() => {
    github.garbage = false;
    github.user = { id: 583231, login: 'octocat', emails: [{ email: 'Octocat@Example.com', primary: true, verified: true }] };
    const env = { GITHUB_CLIENT_ID: 'gh-client', GITHUB_CLIENT_SECRET: 'gh-secret', GITHUB_URL: urls.webUrl, GITHUB_API_URL: urls.apiUrl };
    built = buildTestApp({ providers: loadConfig({ APP_URL: TEST_APP_URL, ...env }).providers });
  });

  async function throughGitHub(client = browser(built.app)) {
    const started = await client.get('/auth/github');
    expect(started.status).to.equal(302);
    const authorization = new URL(started.headers.location ?? '');
    expect(authorization.origin + authorization.pathname).to.equal(`${urls.webUrl}/login/oauth/authorize`);
    expect(authorization.searchParams.get('code_challenge_method')).to.equal('S256');
    return { client, answer: await client.get(await github.signIn(authorization.href)) };
  }

  describe('sign in with GitHub (OAuth 2, against a loopback stand-in for its documented API)', () => {
    it("signs up with the verified primary address, linked by GitHub's numeric user id", async () => {
      const { answer } = await throughGitHub();
      expect(answer.headers.location).to.equal('/users/profile');
      const user = await built.users.findByEmail(Email.fromTrusted('octocat@example.com'));
      expect(user?.emailVerified).to.equal(true);
      const [link] = await built.get(providersIds.linkedIdentities).listOfUser(user?.id ?? 0);
      expect(link).to.include({ provider: 'github', subject: '583231', email: 'octocat@example.com' });
    });

    it('logs in again after a rename of the GitHub login', async () => {
      await throughGitHub();
      github.user = { ...github.user, login: 'renamed' };
      const { answer } = await throughGitHub();
      expect(answer.headers.location).to.equal('/');
    });

    it('creates nothing when the primary address is not verified', async () => {
      github.user = { ...github.user, emails: [{ email: 'octocat@example.com', primary: true, verified: false }] };
      const { client, answer } = await throughGitHub();
      expect(answer.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.match(/^GitHub did not give a verified email address/);
      expect(await built.users.findByEmail(Email.fromTrusted('octocat@example.com'))).to.equal(null);
    });

    it('answers an API that answers garbage with a page, creating nothing', async () => {
      github.garbage = true;
      const { client, answer } = await throughGitHub();
      expect(answer.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.match(/^GitHub is not answering right now/);
      expect(await built.users.findByEmail(Email.fromTrusted('octocat@example.com'))).to.equal(null);
    });

    it('refuses a code used once already', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/github');
      const callback = await github.signIn(started.headers.location ?? '');
      await client.get(callback);
      const other = browser(built.app);
      const restarted = await other.get('/auth/github');
      const state = new URL(restarted.headers.location ?? '').searchParams.get('state') ?? '';
      const replayed = await other.get(callback.replace(/state=[^&]+/, `state=${state}`));
      expect(replayed.headers.location).to.equal('/login');
      expect(flashOf((await other.get('/login')).text, 'messageFailure')).to.match(/^Logging in with GitHub failed/);
    });
  });
});
