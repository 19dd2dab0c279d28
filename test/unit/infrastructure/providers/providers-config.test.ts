import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../../src/infrastructure/config.js';

function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).report();
  }
  throw new Error('expected a ConfigError');
}

const KEYCLOAK = {
  OIDC_PROVIDERS: 'keycloak',
  OIDC_KEYCLOAK_ISSUER: 'https://sso.example.com/realms/staff',
  OIDC_KEYCLOAK_CLIENT_ID: 'gatehouse',
  OIDC_KEYCLOAK_CLIENT_SECRET: 's3cret',
};

describe('sign-in providers configuration', () => {
  it('configures none by default', () => {
    expect(loadConfig({}).providers.list).to.deep.equal([]);
  });

  it('reads Google, GitHub and Microsoft with their fixed issuers and endpoints, in that order', () => {
    const { list, timeoutMs } = loadConfig({
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
    }).providers;
    expect(list).to.deep.equal([
      { kind: 'oidc', name: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: 'g-id', clientSecret: 'g-secret' },
      {
        kind: 'github',
        name: 'github',
        label: 'GitHub',
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        webUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
      {
        kind: 'oidc',
        name: 'microsoft',
        label: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/common/v2.0',
        clientId: 'm-id',
        clientSecret: 'm-secret',
      },
    ]);
    expect(timeoutMs).to.be.greaterThan(0);
  });

  it("puts MICROSOFT_TENANT in Microsoft's issuer", () => {
    const [microsoft] = loadConfig({
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
      MICROSOFT_TENANT: '9188040d-6c67-4c5b-b112-36a304b66dad',
    }).providers.list;
    expect(microsoft).to.include({ issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0' });
  });

  it('reads each provider OIDC_PROVIDERS names, with its label (the name when unset)', () => {
    const { list } = loadConfig({
      ...KEYCLOAK,
      OIDC_PROVIDERS: 'keycloak, gitlab-eu',
      OIDC_KEYCLOAK_LABEL: 'Staff SSO',
      OIDC_GITLAB_EU_ISSUER: 'https://gitlab.example.eu',
      OIDC_GITLAB_EU_CLIENT_ID: 'gl',
      OIDC_GITLAB_EU_CLIENT_SECRET: 'gl-secret',
    }).providers;
    expect(list.map((provider) => [provider.name, provider.label])).to.deep.equal([
      ['keycloak', 'Staff SSO'],
      ['gitlab-eu', 'gitlab-eu'],
    ]);
    expect(list[0]).to.include({ issuer: 'https://sso.example.com/realms/staff', clientId: 'gatehouse', clientSecret: 's3cret' });
  });

  it('takes a plain-http issuer on a loopback host only', () => {
    const env = { ...KEYCLOAK, OIDC_KEYCLOAK_ISSUER: 'http://127.0.0.1:8080/realms/dev' };
    expect(loadConfig(env).providers.list[0]).to.include({ issuer: 'http://127.0.0.1:8080/realms/dev' });
    expect(loadConfig({ ...env, OIDC_KEYCLOAK_ISSUER: 'http://localhost:8080' }).providers.list[0]).to.include({ issuer: 'http://localhost:8080' });
    expect(problemOf({ ...env, OIDC_KEYCLOAK_ISSUER: 'http://sso.example.com' })).to.match(/^Invalid configuration: OIDC_KEYCLOAK_ISSUER: /);
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ['a client id without its secret', { GOOGLE_CLIENT_ID: 'g' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET: required/],
    ['a secret without its client id', { GITHUB_CLIENT_SECRET: 's' }, /^Invalid configuration: GITHUB_CLIENT_ID: required/],
    [
      'a tenant that is a path',
      { MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's', MICROSOFT_TENANT: 'common/../x' },
      /^Invalid configuration: MICROSOFT_TENANT: /,
    ],
    ['a tenant without Microsoft', { MICROSOFT_TENANT: 'common' }, /^Invalid configuration: MICROSOFT_TENANT: /],
    ['an upper-case name', { ...KEYCLOAK, OIDC_PROVIDERS: 'Keycloak' }, /^Invalid configuration: OIDC_PROVIDERS: "Keycloak" must be lower-case/],
    ['a named provider in OIDC_PROVIDERS', { ...KEYCLOAK, OIDC_PROVIDERS: 'github' }, /^Invalid configuration: OIDC_PROVIDERS: "github" is a named provider/],
    ['a name listed twice', { ...KEYCLOAK, OIDC_PROVIDERS: 'keycloak,keycloak' }, /^Invalid configuration: OIDC_PROVIDERS: "keycloak" is listed twice/],
    ['a missing issuer', { ...KEYCLOAK, OIDC_KEYCLOAK_ISSUER: '' }, /^Invalid configuration: OIDC_KEYCLOAK_ISSUER: required/],
    ['an issuer that is no URL', { ...KEYCLOAK, OIDC_KEYCLOAK_ISSUER: 'sso.example.com' }, /^Invalid configuration: OIDC_KEYCLOAK_ISSUER: /],
    ['an issuer with a query', { ...KEYCLOAK, OIDC_KEYCLOAK_ISSUER: 'https://sso.example.com/?a=b' }, /^Invalid configuration: OIDC_KEYCLOAK_ISSUER: /],
    ['a missing client secret', { ...KEYCLOAK, OIDC_KEYCLOAK_CLIENT_SECRET: '' }, /^Invalid configuration: OIDC_KEYCLOAK_CLIENT_SECRET: required/],
    ['a missing client id', { ...KEYCLOAK, OIDC_KEYCLOAK_CLIENT_ID: '' }, /^Invalid configuration: OIDC_KEYCLOAK_CLIENT_ID: required/],
    ['a GitHub URL that is not https', { GITHUB_API_URL: 'ftp://api.github.com' }, /^Invalid configuration: GITHUB_API_URL: /],
  ];
  for (const [what, env, expected] of refusals) {
    it(`stops the start with one line naming the variable for ${what}`, () => {
      const report = problemOf(env);
      expect(report.split('\n')).to.have.length(1);
      expect(report).to.match(expected);
    });
  }
});
