import type { Context } from 'koa';
import type { PendingProviderSignIn } from '../../application/providers/provider-sign-in.js';

/**
 * A trip to a provider under way lives in the visitor's session until its callback:
 * the application's PendingProviderSignIn as plain JSON (the application checks its
 * expiry and provider). Taking it removes it, so a callback, right or wrong, uses it up;
 * a new trip replaces an older one.
 */
const FIELD = 'providerSignIn';

/** Keeps a trip's values, replacing any earlier trip's. */
export function keepTrip(ctx: Context, pending: PendingProviderSignIn): void {
  if (ctx.session) (ctx.session as Record<string, unknown>)[FIELD] = { ...pending };
}

/** Takes the trip out of the session, as stored (unchecked); undefined when there is none. */
export function takeTrip(ctx: Context): unknown {
  const session = ctx.session as Record<string, unknown> | null;
  if (!session || !(FIELD in session)) return undefined;
  const value = session[FIELD];
  Reflect.deleteProperty(session, FIELD);
  return value;
}

/** The purpose the stored trip says it has, unchecked: which use case reads the callback. */
export function tripPurpose(trip: unknown): unknown {
  return typeof trip === 'object' && trip !== null ? (trip as Record<string, unknown>).purpose : undefined;
}

/** Where a confirmation's callback goes back to: the page of the action that asked for it. */
const RETURN = 'providerReturn';

/** Keeps where to go back to after a confirmation: a path of this site only, else the account page. */
export function keepReturn(ctx: Context, path: string | undefined): void {
  const safe = path !== undefined && /^\/(?![/\\])[\x21-\x7e]{0,500}$/.test(path) ? path : '/account';
  if (ctx.session) (ctx.session as Record<string, unknown>)[RETURN] = safe;
}

/** Takes the path kept by `keepReturn`; the account page when there is none. */
export function takeReturn(ctx: Context): string {
  const session = ctx.session as Record<string, unknown> | null;
  const value = session?.[RETURN];
  if (session) Reflect.deleteProperty(session, RETURN);
  return typeof value === 'string' ? value : '/account';
}
