import type { Context, Middleware } from 'koa';
import type { FinishProviderLoginResult } from '../../application/providers/finish-provider-login.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { completeLogin, completeSignUp, type LoginCompletion, startPendingLogin } from '../accounts/pending-login.js';
import type { Message } from '../shared/message.js';
import { setFlash } from '../shared/flash.js';
import { loginThrottled, messages, signUpThrottled } from '../shared/messages.js';
import { isLoggedIn } from '../shared/passport.js';
import { requestContext } from '../shared/security-events.js';
import { finishConfirm, finishLink } from './provider-link-controller.js';
import { providerMessages } from './provider-messages.js';
import type { ProviderServices } from './provider-services.js';
import { keepTrip, takeTrip, tripPurpose } from './provider-trips.js';

/**
 * GET /auth/<name>: sends the visitor to the provider to log in (or sign up), with
 * `remember=yes` from the login page's box kept for the login's end. A logged-in user
 * links providers from the account page instead.
 */
export function startLogin(services: ProviderServices): Middleware {
  return async (ctx, next) => {
    const name = String(ctx.params.name);
    const provider = services.providers.find((candidate) => candidate.name === name);
    if (!provider) return next();
    if (isLoggedIn(ctx)) return ctx.redirect('/account/providers');
    const result = await services.startSignIn.execute({
      provider: name,
      purpose: 'login',
      userId: null,
      remember: ctx.query.remember === 'yes',
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        keepTrip(ctx, result.pending);
        return ctx.redirect(result.url);
      case 'unavailable':
        return fail(ctx, providerMessages.unavailable(provider.label));
      case 'throttled':
        ctx.set('Retry-After', String(result.retryAfterSeconds));
        return fail(ctx, loginThrottled(result.retryAfterSeconds));
      case 'unknown-provider':
        return next();
      default:
        return unhandled(result);
    }
  };
}

/**
 * GET /auth/<name>/callback: the provider sends the visitor back here. The trip kept in
 * the session goes whatever the answer, and decides what the callback is for: a login (or
 * sign-up), or a link of the logged-in user's.
 */
export function callback(services: ProviderServices, completion: LoginCompletion): Middleware {
  return async (ctx, next) => {
    const name = String(ctx.params.name);
    const provider = services.providers.find((candidate) => candidate.name === name);
    if (!provider) return next();
    const trip = takeTrip(ctx);
    const query = queryOf(ctx);
    const purpose = tripPurpose(trip);
    if (purpose === 'link') return finishLink(ctx, services, provider, trip, query);
    if (purpose === 'confirm') return finishConfirm(ctx, services, provider, trip, query);
    const result = await services.finishLogin.execute({ provider: name, query, pending: trip, request: requestContext(ctx) });
    return answerLogin(ctx, completion, provider.label, result);
  };
}

async function answerLogin(ctx: Context, completion: LoginCompletion, label: string, result: FinishProviderLoginResult): Promise<void> {
  switch (result.kind) {
    case 'ok':
      return completeLogin(ctx, completion, result.userId, { remember: result.remember });
    case 'second-step':
      await startPendingLogin(ctx, result.pending);
      return ctx.redirect('/login/two-factor');
    case 'signed-up':
      return completeSignUp(ctx, completion, result.userId);
    case 'email-taken':
      return fail(ctx, providerMessages.emailTaken(label, result.email));
    case 'unverified-email':
      return fail(ctx, providerMessages.unverifiedEmail(label));
    case 'throttled':
      return fail(ctx, signUpThrottled(result.retryAfterSeconds));
    case 'expired':
      return fail(ctx, providerMessages.expired(label));
    case 'denied':
      return fail(ctx, providerMessages.denied(label));
    case 'unavailable':
      return fail(ctx, providerMessages.unavailable(label));
    case 'locked':
    case 'invalid-response':
      return fail(ctx, providerMessages.refused(label));
    case 'unknown-provider':
      return fail(ctx, messages.unreadableForm);
    default:
      return unhandled(result);
  }
}

/** The callback's query, its single-valued parameters only (a repeated one is dropped). */
function queryOf(ctx: Context): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) if (typeof value === 'string') query[key] = value;
  return query;
}

function fail(ctx: Context, said: Message): void {
  setFlash(ctx, 'messageFailure', said);
  ctx.redirect('/login');
}
