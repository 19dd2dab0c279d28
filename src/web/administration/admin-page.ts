import { message } from '../shared/message.js';
import type { Middleware } from 'koa';
import { renderPage } from '../shared/views.js';

/** GET /admin, behind loginRequired and adminRequired (so the admin links may show). */
export const adminPage: Middleware = (ctx) => renderPage(ctx, 'administration/admin', { title: message('administration:titles.admin'), isAdmin: true });
