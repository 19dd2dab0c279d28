import type { CheckLinkToken } from '../../application/links/check-link-token.js';
import type { ConfirmEmailChange } from '../../application/links/confirm-email-change.js';
import type { PreviewEmailChange } from '../../application/links/preview-email-change.js';
import type { RequestEmailChange } from '../../application/links/request-email-change.js';
import type { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import type { ResetPassword } from '../../application/links/reset-password.js';
import type { SendEmailVerification } from '../../application/links/send-email-verification.js';
import type { VerifyEmail } from '../../application/links/verify-email.js';

/** The use cases of emailed links: password reset, email verification and the change of address. */
export interface LinkServices {
  readonly requestPasswordReset: RequestPasswordReset;
  readonly resetPassword: ResetPassword;
  /** Whether a link's token works, for the pages links open (it uses nothing). */
  readonly checkLinkToken: CheckLinkToken;
  readonly verifyEmail: VerifyEmail;
  readonly sendEmailVerification: SendEmailVerification;
  readonly requestEmailChange: RequestEmailChange;
  readonly previewEmailChange: PreviewEmailChange;
  readonly confirmEmailChange: ConfirmEmailChange;
}
