import type { Middleware } from 'koa';
import type { ChangeLanguage } from '../../application/accounts/change-language.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { accountGone, backToAccount } from '../shared/account-answers.js';
import { readStringFields } from '../shared/form.js';
import { applySavedLocale } from '../shared/locale.js';
import { message } from '../shared/message.js';
import type { LoginHooks } from '../shared/web-feature.js';

/**
 * POST /account/language, behind loginRequired: saves the language the user reads pages
 * and mail in, and answers in it. An unknown language changes nothing.
 */
export function changeLanguage(useCase: ChangeLanguage): Middleware {
  return async (ctx) => {
    const locale = readStringFields(ctx.request.body, ['locale'])?.locale ?? '';
    const result = await useCase.execute({ userId: ctx.state.user.id, locale });
    switch (result.kind) {
      case 'ok':
        applySavedLocale(ctx, result.locale);
        return backToAccount(ctx, 'messageSuccess', message('accounts:language.changed'));
      case 'unknown-language':
        return backToAccount(ctx, 'messageFailure', message('accounts:language.unknown'));
      case 'not-found':
        return accountGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** At every login: the user's saved language, if any, from then on (one read of the user record). */
export function savedLanguageHooks(getProfile: GetProfile): Partial<LoginHooks> {
  return {
    async afterLogin(ctx, login) {
      const result = await getProfile.execute(login.userId);
      if (result.kind === 'ok' && result.profile.locale !== null) applySavedLocale(ctx, result.profile.locale);
    },
  };
}
