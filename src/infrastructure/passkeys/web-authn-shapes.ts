import { z } from 'zod';

/** base64url text of at most `max` characters. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/);

/** A credential id: 512 characters at most (384 bytes), the width of its stored column. */
const credentialId = base64url(512);

/** Transports as the browser names them ("internal", "hybrid", "usb", …): a few short words. */
const transports = z.array(z.string().regex(/^[a-z-]{1,16}$/)).max(8);

const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A RegistrationResponseJSON, bounded: what the browser's `startRegistration` resolves to. */
export const registrationShape = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: transports.optional(),
  }),
});

/** An AuthenticationResponseJSON, bounded: what the browser's `startAuthentication` resolves to. */
export const assertionShape = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});
