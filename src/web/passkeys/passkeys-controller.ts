import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { ListPasskeys } from '../../application/passkeys/list-passkeys.js';
import type { PasskeyServices } from './passkey-services.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { USER_ID_MAX } from '../../domain/shared/user.js';
import { readStringFields } from '../shared/form.js';
import { jsonRefusal } from '../middleware/json-body.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import { passkeyMessages } from './passkey-messages.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { keepRegistrationChallenge, takeRegistrationChallenge } from './passkey-challenges.js';
import { requestContext } from '../shared/security-events.js';
import { renderPage } from '../shared/views.js';
import { wordsOf } from '../shared/locale.js';
import type { LocaleWords } from '../../application/shared/ports/translations.js';

/**
 * GET /account/passkeys: the user's passkeys, the "Add a passkey" form (to sudo mode),
 * and a form to rename and one to remove each. `ready` (POST /account/passkeys/add, once
 * the password is confirmed): the page with the name field and the button that
 * registers, instead.
 */
export function showPasskeys(list: ListPasskeys, ready = false): Middleware {
  return async (ctx) => {
    const { passkeys } = await list.execute({ userId: ctx.state.user.id });
    const words = wordsOf(ctx);
    await renderPage(ctx, 'passkeys/account-passkeys', {
      title: message('passkeys:titles.passkeys'),
      ready,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        backedUp: passkey.backedUp,
        created: moment(passkey.createdAt, words),
        lastUsed: passkey.lastUsedAt === null ? null : moment(passkey.lastUsedAt, words),
      })),
    });
  };
}

/** POST /account/passkeys/options (JSON): options for the browser to create a passkey. */
export function registrationOptions(passkeys: PasskeyServices): Middleware {
  return async (ctx) => {
    const result = await passkeys.startRegistration.execute({ userId: ctx.state.user.id });
    switch (result.kind) {
      case 'ok':
        keepRegistrationChallenge(ctx, result.challenge);
        ctx.body = { options: result.optionsJSON };
        return;
      case 'not-found':
        return jsonRefusal(ctx, 401, passkeyMessages.mustBeLoggedIn);
      default:
        return unhandled(result);
    }
  };
}

/** POST /account/passkeys (JSON `{ name, response }`): verifies and stores the new passkey (a first second factor forgets the other remembered devices). */
export function register(passkeys: PasskeyServices, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    // The challenge goes whatever the answer: each one is checked once.
    const pending = takeRegistrationChallenge(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const name = body.name ?? '';
    if (typeof name !== 'string') return jsonRefusal(ctx, 400, passkeyMessages.unreadableRequest);
    const result = await passkeys.finishRegistration.execute({
      userId: ctx.state.user.id,
      pending,
      response: body.response,
      name,
      request: requestContext(ctx),
      keepDevice: rememberCookie.deviceOf(ctx),
    });
    switch (result.kind) {
      case 'ok':
        setFlash(ctx, 'messageSuccess', passkeyMessages.added(result.passkey.name));
        ctx.body = { redirect: '/account/passkeys' };
        return;
      case 'challenge-expired':
        return jsonRefusal(ctx, 400, passkeyMessages.expired);
      case 'name-too-long':
        return jsonRefusal(ctx, 400, passkeyMessages.nameTooLong);
      case 'too-many':
        return jsonRefusal(ctx, 409, passkeyMessages.tooMany);
      case 'invalid-response':
        return jsonRefusal(ctx, 400, passkeyMessages.registrationInvalid);
      case 'already-registered':
        return jsonRefusal(ctx, 409, passkeyMessages.alreadyRegistered);
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /account/passkeys/delete (form, field `id`): removes one of the user's passkeys;
 * with the last second factor, the recovery codes go too, and the message says so. The
 * use case decides, on its transaction, whether this is the user's last passkey; if so,
 * `sudo` asks for the password (or finds it confirmed lately) and the removal runs again,
 * confirmed. So the password is asked whether or not the authenticator app is on.
 */
export function deletePasskey(passkeys: PasskeyServices, sudo: Middleware): Middleware {
  return async (ctx) => {
    const id = passkeyIdOf(ctx);
    if (id === null) return back(ctx, 'messageFailure', passkeyMessages.notFound);
    const remove = async (passwordConfirmed: boolean): Promise<void> => {
      const result = await passkeys.delete.execute({
        userId: ctx.state.user.id,
        passkeyId: id,
        request: requestContext(ctx),
        passwordConfirmed,
      });
      switch (result.kind) {
        case 'ok':
          return back(
            ctx,
            'messageSuccess',
            !result.lastSecondFactor
              ? passkeyMessages.removed
              : result.recoveryCodesRemoved > 0
                ? passkeyMessages.removedWithRecoveryCodes
                : passkeyMessages.removedLastFactor,
          );
        case 'not-found':
          return back(ctx, 'messageFailure', passkeyMessages.notFound);
        case 'password-needed':
          return sudo(ctx, () => remove(true));
        default:
          return unhandled(result);
      }
    };
    return remove(false);
  };
}

/**
 * POST /account/passkeys/rename (form, fields `id` and `name`): gives one of the user's
 * passkeys a new name. No password asked: a name is a label, not a credential.
 */
export function renamePasskey(passkeys: PasskeyServices): Middleware {
  return async (ctx) => {
    const id = passkeyIdOf(ctx);
    if (id === null) return back(ctx, 'messageFailure', passkeyMessages.notFound);
    const name = readStringFields(ctx.request.body, ['name'])?.name;
    if (name === undefined) return back(ctx, 'messageFailure', passkeyMessages.renameUnreadable);
    const result = await passkeys.rename.execute({ userId: ctx.state.user.id, passkeyId: id, name });
    switch (result.kind) {
      case 'ok':
        return back(ctx, 'messageSuccess', passkeyMessages.renamed(result.name));
      case 'name-empty':
        return back(ctx, 'messageFailure', passkeyMessages.nameEmpty);
      case 'name-too-long':
        return back(ctx, 'messageFailure', passkeyMessages.nameTooLong);
      case 'not-found':
        return back(ctx, 'messageFailure', passkeyMessages.notFound);
      default:
        return unhandled(result);
    }
  };
}

/** The `id` field of the delete and rename forms as a passkey id; null when it cannot be one. */
function passkeyIdOf(ctx: Context): number | null {
  const raw = readStringFields(ctx.request.body, ['id'])?.id;
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= USER_ID_MAX ? id : null;
}

function back(ctx: Context, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect('/account/passkeys');
}

/** A moment to the minute in UTC, in the page's language ("2026-11-25 14:03 UTC" in English), and the exact time for `<time datetime>`. */
function moment(at: number, words: LocaleWords): { iso: string; text: string } {
  return { iso: new Date(at).toISOString(), text: words.text('common.utcTime', { time: words.minute(at) }) };
}
