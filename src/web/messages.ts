/**
 * Every message a visitor can read. The first group is fixed word for word by
 * SPEC.md sections 3, 4.3 and 7: never reword them.
 */
export const messages = {
  signedUp: 'Successfully signed up.',
  emailTaken: 'Email already taken.',
  loggedIn: 'Successfully logged in.',
  invalidCredentials: 'Invalid email and/ or password.',
  loggedOut: 'Successfully logged out',
  mustBeLoggedIn: 'Must be logged in',
  mustBeSignedUp: 'Must be signed up',
  adminOnly: 'Admin only',

  // Ours: the specification leaves bad sign-up input open.
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).',
  invalidPhone: 'Please enter a valid phone number of at most 32 characters, or leave it empty.',
  unreadableForm: 'Please fill in the form and try again.',
} as const;
