import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { TEST_APP_URL } from '../accounts.js';

/**
 * A software authenticator on node:crypto, for tests: real ES256 keys, real
 * authenticator data and signatures, a "none" attestation in real CBOR. What it answers
 * is what a browser's `startRegistration` / `startAuthentication` would send.
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, { key: KeyObject; userHandle: string; counter: number }>();

  /**
   * @param origin the page's origin the browser would put in clientDataJSON
   * @param counting whether the signature counter grows with each use (0 forever otherwise, as passkeys of platforms do)
   */
  constructor(
    private readonly origin: string = TEST_APP_URL,
    private readonly counting = true,
  ) {}

  /** The same authenticator (its credentials, its counters) in a browser on another origin: a phishing page. */
  on(origin: string): SoftAuthenticator {
    const moved = new SoftAuthenticator(origin, this.counting);
    for (const [id, credential] of this.credentials) moved.credentials.set(id, credential);
    return moved;
  }

  /** A registration response to these creation options; the new credential is kept for later assertions. */
  register(
    options: unknown,
    overrides: { challenge?: string; userVerified?: boolean; credentialId?: string } = {},
  ): RegistrationResponse {
    const opts = options as { challenge: string; rp: { id: string }; user: { id: string } };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = overrides.credentialId ?? randomBytes(16).toString('base64url');
    this.credentials.set(id, { key: privateKey, userHandle: opts.user.id, counter: 0 });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = Buffer.from(id, 'base64url');
    const attested = Buffer.concat([Buffer.alloc(16), u16(credentialId.length), credentialId, cose]);
    const authData = Buffer.concat([this.authDataHead(opts.rp.id, 0x41 | (overrides.userVerified === false ? 0 : 0x04), 0), attested]);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: this.clientData('webauthn.create', overrides.challenge ?? opts.challenge),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** An assertion to these request options with a credential it holds (the only one unless named). */
  assert(
    options: unknown,
    which: { credentialId?: string; counter?: number; challenge?: string; userHandle?: string | null } = {},
  ): AssertionResponse {
    const opts = options as { challenge: string; rpId: string };
    const id = which.credentialId ?? [...this.credentials.keys()][0];
    const credential = id === undefined ? undefined : this.credentials.get(id);
    if (id === undefined || !credential) throw new Error('SoftAuthenticator: no such credential');
    if (this.counting) credential.counter += 1;
    const counter = which.counter ?? credential.counter;
    const authData = this.authDataHead(opts.rpId, 0x05, counter);
    const clientDataJSON = this.clientData('webauthn.get', which.challenge ?? opts.challenge);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    const userHandle = which.userHandle === undefined ? credential.userHandle : which.userHandle;
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, credential.key).toString('base64url'),
        ...(userHandle !== null && { userHandle }),
      },
    };
  }

  private authDataHead(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(Buffer.from(rpId, 'utf8')), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString('base64url');
  }
}

/** What `startRegistration` resolves to, as JSON. */
export interface RegistrationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: string;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}

/** What `startAuthentication` resolves to, as JSON. */
export interface AssertionResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

/** The few CBOR items WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const buffer = Buffer.alloc(3);
  buffer[0] = (major << 5) | 25;
  buffer.writeUInt16BE(length, 1);
  return buffer;
}
