import { expect } from 'chai';
import type { Browser } from './account-client.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

/** The JSON answer of a passkey endpoint. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: { options?: Record<string, unknown>; redirect?: string; error?: string };
}

/** POSTs JSON as the page's script does. */
export async function postJson(client: Browser, path: string, body: unknown): Promise<JsonAnswer> {
  const response = await client.post(path).set('Accept', 'application/json').send(body as object);
  return { status: response.status, body: response.body as JsonAnswer['body'] };
}

/** Fresh creation options for the logged-in user of `client`. */
export async function registrationOptions(client: Browser): Promise<Record<string, unknown>> {
  const answer = await postJson(client, '/account/passkeys/options', {});
  expect(answer.status).to.equal(200);
  return answer.body.options ?? {};
}

/** Adds a passkey held by `authenticator` for the logged-in user of `client`, as the page does. */
export async function addPasskey(client: Browser, authenticator: SoftAuthenticator, name = ''): Promise<JsonAnswer> {
  const options = await registrationOptions(client);
  return postJson(client, '/account/passkeys', { name, response: authenticator.register(options) });
}

/** Fresh request options for a passwordless login in `client`. */
export async function loginOptions(client: Browser): Promise<Record<string, unknown>> {
  const answer = await postJson(client, '/login/passkey/options', {});
  expect(answer.status).to.equal(200);
  return answer.body.options ?? {};
}
