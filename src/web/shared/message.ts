import type { Context } from 'koa';
import type { Translate } from '../../application/shared/ports/translations.js';
import { wordsOf } from './locale.js';

/** What a value in a message may be: a word of its own (another message) or a plain value. */
export type MessageValue = string | number | Message;

/**
 * Something to tell a visitor, named by its catalog key (`namespace:key`) with the
 * values it needs: it is put into words only where it is shown (`say`), in the
 * request's language. A value that is itself a message is said first ("in 5 minutes").
 */
export class Message {
  constructor(
    readonly key: string,
    readonly values: Readonly<Record<string, MessageValue>> = {},
  ) {}
}

/** A message by its key and values. */
export function message(key: string, values?: Readonly<Record<string, MessageValue>>): Message {
  return new Message(key, values);
}

/** The message as plain text in this translator's language. */
export function sayWith(text: Translate, said: Message): string {
  const entries = Object.entries(said.values);
  // Without values the translator answers from what it kept (the fixed words of a page).
  if (entries.length === 0) return text(said.key);
  const values: Record<string, string | number> = {};
  for (const [name, value] of entries) values[name] = value instanceof Message ? sayWith(text, value) : value;
  return text(said.key, values);
}

/** The message as plain text in the request's language (a flash, a JSON refusal, a page's notice). */
export function say(ctx: Context, said: Message): string {
  return sayWith(wordsOf(ctx).text, said);
}
