import type { Context, Middleware } from 'koa';
import { unhandled } from '../../application/shared/unhandled.js';
import { USER_ID_MAX } from '../../domain/shared/user.js';
import { type Message, message } from '../shared/message.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import { readStringFields } from '../shared/form.js';
import { loginThrottled, messages } from '../shared/messages.js';
import { isLoggedIn } from '../shared/passport.js';
import { requestContext } from '../shared/security-events.js';
import { renderPage } from '../shared/views.js';
import { providerMessages } from './provider-messages.js';
import type { ProviderButton, ProviderServices } from './provider-services.js';
import { keepReturn, keepTrip, takeReturn } from './provider-trips.js';
import { markSudoConfirmed } from '../shared/sudo-required.js';

const PAGE = '/account/providers';

/** GET /account/providers: the linked providers (address, when linked, last used), a form to unlink each and one to link each other. */
export function showProviders(services: ProviderServices): Middleware {
  return async (ctx) => {
    const { linked, linkable, passwordless } = await services.list.execute({ userId: ctx.state.user.id });
    await renderPage(ctx, 'providers/account-providers', {
      title: message('providers:titles.providers'),
      passwordless,
      linkable,
      linked: linked.map((identity) => ({
        id: identity.id,
        label: identity.label,
        email: identity.email,
        linked: moment(identity.linkedAt),
        lastUsed: identity.lastUsedAt === null ? null : moment(identity.lastUsedAt),
      })),
    });
  };
}

/** POST /account/providers/link (form, field `provider`), behind sudo: sends the user to the provider to sign in afresh. */
export function startLink(services: ProviderServices): Middleware {
  return async (ctx) => {
    const name = readStringFields(ctx.request.body, ['provider'])?.provider;
    const provider = services.providers.find((candidate) => candidate.name === name);
    if (!provider) return back(ctx, 'messageFailure', messages.unreadableForm);
    const result = await services.startSignIn.execute({
      provider: provider.name,
      purpose: 'link',
      userId: ctx.state.user.id,
      remember: false,
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        keepTrip(ctx, result.pending);
        return ctx.redirect(result.url);
      case 'unavailable':
        return back(ctx, 'messageFailure', providerMessages.unavailable(provider.label));
      case 'throttled':
        return back(ctx, 'messageFailure', loginThrottled(result.retryAfterSeconds));
      case 'unknown-provider':
        return back(ctx, 'messageFailure', messages.unreadableForm);
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /auth/<name>/confirm (form, field `return`): sudo mode by signing in again with a
 * linked provider, from the password page of an action; the callback goes back to `return`.
 */
export function startConfirm(services: ProviderServices): Middleware {
  return async (ctx, next) => {
    const provider = services.providers.find((candidate) => candidate.name === ctx.params.name);
    if (!provider) return next();
    const result = await services.startSignIn.execute({
      provider: provider.name,
      purpose: 'confirm',
      userId: ctx.state.user.id,
      remember: false,
      request: requestContext(ctx),
    });
    const back = readStringFields(ctx.request.body, ['return'])?.return;
    switch (result.kind) {
      case 'ok':
        keepTrip(ctx, result.pending);
        keepReturn(ctx, back);
        return ctx.redirect(result.url);
      case 'unavailable':
      case 'throttled':
        keepReturn(ctx, back);
        setFlash(
          ctx,
          'messageFailure',
          result.kind === 'throttled' ? loginThrottled(result.retryAfterSeconds) : providerMessages.unavailable(provider.label),
        );
        return ctx.redirect(takeReturn(ctx));
      case 'unknown-provider':
        return next();
      default:
        return unhandled(result);
    }
  };
}

/** The callback of a confirmation: the session is in sudo mode, and the user goes back to the action's page to do it again. */
export async function finishConfirm(
  ctx: Context,
  services: ProviderServices,
  provider: ProviderButton,
  trip: unknown,
  query: Record<string, string>,
): Promise<void> {
  const back = takeReturn(ctx);
  if (!isLoggedIn(ctx)) {
    setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
    return ctx.redirect('/login');
  }
  const result = await services.finishConfirm.execute({
    userId: ctx.state.user.id,
    provider: provider.name,
    query,
    pending: trip,
    request: requestContext(ctx),
  });
  const { label } = provider;
  const answer = (kind: FlashKind, text: Message) => {
    setFlash(ctx, kind, text);
    ctx.redirect(back);
  };
  switch (result.kind) {
    case 'ok':
      markSudoConfirmed(ctx, result.at);
      return answer('messageSuccess', providerMessages.confirmed(label));
    case 'not-linked':
      return answer('messageFailure', providerMessages.notLinked(label));
    case 'expired':
      return answer('messageFailure', providerMessages.expired(label));
    case 'denied':
      return answer('messageFailure', providerMessages.denied(label));
    case 'unavailable':
      return answer('messageFailure', providerMessages.unavailable(label));
    case 'invalid-response':
    case 'unknown-provider':
      return answer('messageFailure', providerMessages.confirmFailed(label));
    default:
      return unhandled(result);
  }
}

/** The callback of a link (provider-login-controller.ts tells it apart by the trip kept). */
export async function finishLink(
  ctx: Context,
  services: ProviderServices,
  provider: ProviderButton,
  trip: unknown,
  query: Record<string, string>,
): Promise<void> {
  if (!isLoggedIn(ctx)) {
    setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
    return ctx.redirect('/login');
  }
  const result = await services.finishLink.execute({
    userId: ctx.state.user.id,
    provider: provider.name,
    query,
    pending: trip,
    request: requestContext(ctx),
  });
  const { label } = provider;
  switch (result.kind) {
    case 'ok':
      return back(ctx, 'messageSuccess', providerMessages.linked(label));
    case 'already-linked':
      return back(ctx, 'messageFailure', providerMessages.alreadyLinked(label));
    case 'linked-elsewhere':
      return back(ctx, 'messageFailure', providerMessages.linkedElsewhere(label));
    case 'provider-taken':
      return back(ctx, 'messageFailure', providerMessages.providerTaken(label));
    case 'expired':
      return back(ctx, 'messageFailure', providerMessages.expired(label));
    case 'denied':
      return back(ctx, 'messageFailure', providerMessages.denied(label));
    case 'unavailable':
      return back(ctx, 'messageFailure', providerMessages.unavailable(label));
    case 'invalid-response':
    case 'unknown-provider':
      return back(ctx, 'messageFailure', providerMessages.linkFailed(label));
    default:
      return unhandled(result);
  }
}

/** POST /account/providers/unlink (form, field `id`): unlinks one of the user's providers, unless it is their last way in. */
export function unlink(services: ProviderServices): Middleware {
  return async (ctx) => {
    const raw = readStringFields(ctx.request.body, ['id'])?.id;
    const id = raw !== undefined && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= USER_ID_MAX ? Number(raw) : null;
    if (id === null) return back(ctx, 'messageFailure', providerMessages.notFound);
    const result = await services.unlink.execute({ userId: ctx.state.user.id, identityId: id, request: requestContext(ctx) });
    const label = (name: string) => services.providers.find((provider) => provider.name === name)?.label ?? name;
    switch (result.kind) {
      case 'ok':
        return back(ctx, 'messageSuccess', providerMessages.unlinked(label(result.provider)));
      case 'last-way-in':
        return back(ctx, 'messageFailure', providerMessages.lastWayIn(label(result.provider)));
      case 'not-found':
        return back(ctx, 'messageFailure', providerMessages.notFound);
      default:
        return unhandled(result);
    }
  };
}

function back(ctx: Context, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect(PAGE);
}

function moment(at: number): { iso: string; text: string } {
  const iso = new Date(at).toISOString();
  return { iso, text: `${iso.slice(0, 16).replace('T', ' ')} UTC` };
}
