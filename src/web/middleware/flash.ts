import type { Context } from 'koa';

/** The two kinds of one-time message, named as the specification names them. */
export type FlashKind = 'messageSuccess' | 'messageFailure';

type Flash = Partial<Record<FlashKind, string>>;

/** Stores a one-time message in the session, read by the next rendered page. */
export function setFlash(ctx: Context, kind: FlashKind, text: string): void {
  const session = ctx.session;
  if (!session) return;
  session.flash = { ...(session.flash as Flash | undefined), [kind]: text };
}

/** Takes the pending messages out of the session, so they show exactly once. */
export function takeFlash(ctx: Context): Flash {
  const session = ctx.session;
  const flash = session?.flash as Flash | undefined;
  if (!session || !flash) return {};
  delete session.flash;
  return flash;
}
