import { message } from '../shared/message.js';
import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import { type ActivityRow, activityRow } from '../audit/activity-controller.js';
import type { Context, Middleware } from 'koa';
import type { GetUserDetails } from '../../application/administration/get-user-details.js';
import { hasSecondFactor } from '../../application/two-factor/get-second-factors.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { readStringFields } from '../shared/form.js';
import { messages } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { targetUserId } from '../shared/user-id-param.js';
import { renderPage } from '../shared/views.js';
import { wordsOf } from '../shared/locale.js';

/** GET /users/:id, behind loginRequired and adminRequired: the user's state and the actions on it. */
export function showUser(getUserDetails: GetUserDetails, listAccountActivity: ListAccountActivity): Middleware {
  return async (ctx) => {
    // The account's latest events, as its owner sees them on /account/activity.
    const activity = await listAccountActivity.execute({ userId: targetUserId(ctx), before: null });
    const rows = activity.kind === 'ok' ? activity.entries.map((entry) => activityRow(entry, wordsOf(ctx))) : [];
    return renderWithUser(ctx, getUserDetails, 'administration/user', rows);
  };
}

/**
 * /users/:id/delete, behind loginRequired and adminRequired. GET shows the
 * confirmation form; its POST carries the ticked box on to sudo mode and the deletion,
 * and a POST without it comes back here saying so.
 */
export function confirmDeletion(getUserDetails: GetUserDetails): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return renderWithUser(ctx, getUserDetails, 'administration/user-delete');
    const form = readStringFields(ctx.request.body, ['confirm']);
    if (form?.confirm === 'yes') return next();
    setFlash(ctx, 'messageFailure', form ? messages.adminDeleteNotConfirmed : messages.unreadableForm);
    ctx.redirect(`/users/${targetUserId(ctx)}/delete`);
  };
}

/** Renders a page about the user of the path; the 404 page when no user has the id. */
async function renderWithUser(
  ctx: Context,
  getUserDetails: GetUserDetails,
  view: 'administration/user' | 'administration/user-delete',
  activity: readonly ActivityRow[] = [],
): Promise<void> {
  const result = await getUserDetails.execute({ user: { id: targetUserId(ctx) } });
  switch (result.kind) {
    case 'ok':
      return renderPage(ctx, view, {
        title: view === 'administration/user' ? result.user.email : message('administration:titles.deleteUser', { email: result.user.email }),
        details: result.user,
        // What makes a login ask for a second factor; recovery codes alone do not.
        twoFactorOn: hasSecondFactor(result.user.secondFactors),
        isSelf: result.user.id === ctx.state.user.id,
        isAdmin: true,
        activity,
      });
    case 'not-found':
    case 'invalid-email':
      ctx.status = 404;
      return;
    default:
      return unhandled(result);
  }
}
