import { message } from '../shared/message.js';
import type { Context } from 'koa';
import type { OwnAddressPurpose } from '../../application/links/link-tokens.js';
import { readStringFields } from '../shared/form.js';
import { renderPage } from '../shared/views.js';

/**
 * The token of a link as the query string carried it: a string, an array for a
 * repeated `token`, or undefined. Passed on as it is; the use cases look up only a
 * well-formed one. The access log writes paths without their query, so it never holds it.
 */
export function queryToken(ctx: Context): unknown {
  return ctx.query.token;
}

/** The hidden `token` field of a posted form, or undefined when absent or not a single string. */
export function bodyToken(ctx: Context): string | undefined {
  return readStringFields(ctx.request.body, ['token'])?.token;
}

/**
 * The one page for a link that does not work, whatever the reason (malformed, unknown,
 * used, expired, superseded), so the page tells nothing about the token. No form: only
 * the way to a new link. 400, so no cache or crawler keeps it as a page.
 */
export async function renderInvalidLink(ctx: Context, purpose: OwnAddressPurpose): Promise<void> {
  const title = message(purpose === 'password-reset' ? 'links:titles.resetLinkInvalid' : 'links:titles.verificationLinkInvalid');
  await renderPage(ctx, 'links/link-invalid', { title, purpose });
  ctx.status = 400;
}
