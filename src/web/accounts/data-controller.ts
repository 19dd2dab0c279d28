import { message } from '../shared/message.js';
import { Readable } from 'node:stream';
import type { Middleware } from 'koa';
import type { ExportPersonalData } from '../../application/accounts/export-personal-data.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { accountGone } from '../shared/account-answers.js';
import { requestContext } from '../shared/security-events.js';
import { renderPage } from '../shared/views.js';

/**
 * /account/data, behind loginRequired: a GET shows what the download holds and its
 * button; the button's POST passes `sudo` (the password page when the session has not
 * confirmed it lately) and answers the document as a download, written as it is read.
 */
export function accountData(exportPersonalData: ExportPersonalData, sudo: Middleware): Middleware {
  return async (ctx) => {
    if (ctx.method !== 'POST') return renderPage(ctx, 'accounts/data', { title: message('accounts:titles.downloadYourData') });
    return sudo(ctx, async () => {
      const result = await exportPersonalData.execute({ user: { id: ctx.state.user.id }, request: requestContext(ctx) });
      switch (result.kind) {
        case 'ok':
          ctx.set('Content-Disposition', `attachment; filename="gatehouse-data-${result.exportedAt.toISOString().slice(0, 10)}.json"`);
          ctx.set('Cache-Control', 'no-store');
          ctx.type = 'application/json; charset=utf-8';
          ctx.body = Readable.from(result.document);
          return;
        case 'not-found':
        case 'invalid-email':
          return accountGone(ctx);
        default:
          return unhandled(result);
      }
    });
  };
}
