import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** The language a logged-in user chose on the account page: a locale code. */
export interface ChangeLanguageInput {
  readonly userId: UserId;
  readonly locale: string;
}

/** The outcome of a choice of language. */
export type ChangeLanguageResult =
  | { readonly kind: 'ok'; readonly locale: string }
  | { readonly kind: 'unknown-language' }
  | { readonly kind: 'not-found' };

/**
 * Saves the language the user reads pages and mail in, one of those present
 * (`locales`). It asks for no password: a language exposes nothing and locks nobody out.
 */
export class ChangeLanguage {
  constructor(
    private readonly users: UserRepository,
    private readonly locales: readonly string[],
  ) {}

  async execute(input: ChangeLanguageInput): Promise<ChangeLanguageResult> {
    if (!this.locales.includes(input.locale)) return { kind: 'unknown-language' };
    if (!(await this.users.changeLocale(input.userId, input.locale))) return { kind: 'not-found' };
    return { kind: 'ok', locale: input.locale };
  }
}
