/** What the provider pages and their redirects tell a visitor. */
export const providerMessages = {
  expired: (label: string) => `The sign-in with ${label} expired or was already used. Try again.`,
  denied: (label: string) => `Logging in with ${label} was cancelled.`,
  unavailable: (label: string) =>
    `${label} is not answering right now. Try again later, or log in with your email and password.`,
  refused: (label: string) => `Logging in with ${label} failed. Try again, or log in with your email and password.`,
  emailTaken: (label: string, email: string) =>
    `An account with ${email} already exists. Log in to it, then link ${label} from your account page.`,
  unverifiedEmail: (label: string) =>
    `${label} did not give a verified email address, so no account was made. Sign up with your email and a password instead.`,
  linked: (label: string) => `${label} linked. You can now log in with it.`,
  alreadyLinked: (label: string) => `That ${label} account is already linked to yours.`,
  linkedElsewhere: (label: string) => `That ${label} account is linked to another account, so it was not linked to yours.`,
  providerTaken: (label: string) => `Another ${label} account is linked to yours. Unlink it first.`,
  linkFailed: (label: string) => `Linking ${label} failed. Try again.`,
  unlinked: (label: string) => `${label} unlinked.`,
  lastWayIn: (label: string) =>
    `${label} is your only way to log in. Set a password (Forgot your password?) or add a passkey before unlinking it.`,
  confirmed: (label: string) => `Confirmed with ${label}. Now do it again.`,
  notLinked: (label: string) => `That ${label} account is not linked to yours, so nothing was confirmed.`,
  confirmFailed: (label: string) => `Confirming with ${label} failed. Try again.`,
  notFound: 'That provider is not linked, or was already unlinked.',
};
