import { expect } from 'chai';
import { ADA, type Browser } from '../accounts/account-client.js';
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

/** "Add a passkey" on /account/passkeys, with the password its sudo mode asks for (unasked while the stamp is fresh). */
export async function readyToAdd(client: Browser, password = ADA.password): Promise<void> {
  const page = await client.post('/account/passkeys/add').type('form').send({ sudoPassword: password });
  expect(page.status).to.equal(200);
  expect(page.text).to.include('data-passkey-register');
}

/** Fresh creation options for the logged-in user of `client`, after "Add a passkey" and its password. */
export async function registrationOptions(client: Browser, password = ADA.password): Promise<Record<string, unknown>> {
  await readyToAdd(client, password);
  const answer = await postJson(client, '/account/passkeys/options', {});
  expect(answer.status).to.equal(200);
  return answer.body.options ?? {};
}

/** Adds a passkey held by `authenticator` for the logged-in user of `client`, as the page does. */
export async function addPasskey(
  client: Browser,
  authenticator: SoftAuthenticator,
  name = '',
  password = ADA.password,
): Promise<JsonAnswer> {
  const options = await registrationOptions(client, password);
  return postJson(client, '/account/passkeys', { name, response: authenticator.register(options) });
}

/** Fresh request options for a passwordless login in `client`. */
export async function loginOptions(client: Browser): Promise<Record<string, unknown>> {
  const answer = await postJson(client, '/login/passkey/options', {});
  expect(answer.status).to.equal(200);
  return answer.body.options ?? {};
}
