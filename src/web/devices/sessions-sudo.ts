import type { Message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import { readStringFields } from '../shared/form.js';
import { sudoRequired } from '../shared/sudo-required.js';

/** Where the password page of the sessions page's forms leads back to. */
const SESSIONS_PAGE = '/account/sessions';

/**
 * Sudo mode before a form of the sessions page (logging a session out, logging out all
 * others, forgetting a device): the password again, its `carry` field posted along. A
 * form whose field arrived as no plain string can end nothing, so it goes straight on
 * to its action, which refuses it with that form's own message, as before sudo mode.
 */
export function sessionsSudo(confirmSudo: ConfirmSudo, label: Message, carry: readonly string[] = []): Middleware {
  const sudo = sudoRequired(confirmSudo, { label, cancel: () => SESSIONS_PAGE, carry, admin: false });
  return (ctx, next) => (readStringFields(ctx.request.body, carry) ? sudo(ctx, next) : next());
}
