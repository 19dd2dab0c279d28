import * as client from 'openid-client';
import type { ProviderRefusal } from '../../application/providers/ports/identity-provider.js';

/** openid-client's codes for no answer in time, or one that is not the protocol: the provider is broken, not the visitor's request. */
const GARBAGE = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_PARSE_ERROR',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_MISSING_SERVER_METADATA',
  'OAUTH_INVALID_SERVER_METADATA',
]);

/**
 * What a failed call to a provider means, from openid-client's documented error classes
 * and codes, and fetch's own failures (a refused connection, the timeout's abort).
 * Anything else is a bug of ours, and is thrown on.
 */
export function refusalOf(error: unknown): ProviderRefusal {
  if (error instanceof client.AuthorizationResponseError) return { kind: 'denied', detail: error.error };
  if (error instanceof client.ResponseBodyError) return { kind: 'invalid-response', detail: `${error.status} ${error.error}` };
  if (error instanceof client.WWWAuthenticateChallengeError) return { kind: 'invalid-response', detail: `${error.status} challenge` };
  if (isNetworkFailure(error)) return { kind: 'unavailable', detail: describe(error) };
  if (error instanceof client.ClientError) {
    if (isNetworkFailure(error.cause)) return { kind: 'unavailable', detail: describe(error.cause) };
    const kind = error.code !== undefined && GARBAGE.has(error.code) ? 'unavailable' : 'invalid-response';
    return { kind, detail: `${error.code ?? 'client error'}: ${error.message}` };
  }
  throw error;
}

/** A request that got no answer: refused, reset, or aborted by its timeout. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && error.cause !== undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}
