import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import type { CheckLinkToken } from '../../application/links/check-link-token.js';
import type { ConfirmEmailChange } from '../../application/links/confirm-email-change.js';
import type { CreatePasswordResetLink } from '../../application/links/create-password-reset-link.js';
import type { LinkTokens } from '../../application/links/link-tokens.js';
import type { AccountLinks } from '../../application/links/ports/account-links.js';
import type { OneTimeTokens } from '../../application/links/ports/one-time-tokens.js';
import type { PreviewEmailChange } from '../../application/links/preview-email-change.js';
import type { RequestEmailChange } from '../../application/links/request-email-change.js';
import type { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import type { ResetPassword } from '../../application/links/reset-password.js';
import type { SendEmailVerification } from '../../application/links/send-email-verification.js';
import type { VerifyEmail } from '../../application/links/verify-email.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`links.${name}`);

/** The service identifiers of emailed links: password reset, email verification, the change of address. */
export const linksIds = {
  oneTimeTokens: id<OneTimeTokens>('OneTimeTokens'),
  accountLinks: id<AccountLinks>('AccountLinks'),
  linkTokens: id<LinkTokens>('LinkTokens'),
  requestPasswordReset: id<RequestPasswordReset>('RequestPasswordReset'),
  resetPassword: id<ResetPassword>('ResetPassword'),
  createPasswordResetLink: id<CreatePasswordResetLink>('CreatePasswordResetLink'),
  checkLinkToken: id<CheckLinkToken>('CheckLinkToken'),
  verifyEmail: id<VerifyEmail>('VerifyEmail'),
  sendEmailVerification: id<SendEmailVerification>('SendEmailVerification'),
  authorizeVerifiedEmail: id<AuthorizeVerifiedEmail>('AuthorizeVerifiedEmail'),
  requestEmailChange: id<RequestEmailChange>('RequestEmailChange'),
  previewEmailChange: id<PreviewEmailChange>('PreviewEmailChange'),
  confirmEmailChange: id<ConfirmEmailChange>('ConfirmEmailChange'),
};
