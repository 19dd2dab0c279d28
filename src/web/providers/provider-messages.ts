import { message } from '../shared/message.js';

/** What the provider pages and their redirects tell a visitor (`label`: the provider's name as configured). */
export const providerMessages = {
  expired: (label: string) => message('providers:messages.expired', { label }),
  denied: (label: string) => message('providers:messages.denied', { label }),
  unavailable: (label: string) => message('providers:messages.unavailable', { label }),
  refused: (label: string) => message('providers:messages.refused', { label }),
  emailTaken: (label: string, email: string) => message('providers:messages.emailTaken', { label, email }),
  unverifiedEmail: (label: string) => message('providers:messages.unverifiedEmail', { label }),
  linked: (label: string) => message('providers:messages.linked', { label }),
  alreadyLinked: (label: string) => message('providers:messages.alreadyLinked', { label }),
  linkedElsewhere: (label: string) => message('providers:messages.linkedElsewhere', { label }),
  providerTaken: (label: string) => message('providers:messages.providerTaken', { label }),
  linkFailed: (label: string) => message('providers:messages.linkFailed', { label }),
  unlinked: (label: string) => message('providers:messages.unlinked', { label }),
  lastWayIn: (label: string) => message('providers:messages.lastWayIn', { label }),
  confirmed: (label: string) => message('providers:messages.confirmed', { label }),
  notLinked: (label: string) => message('providers:messages.notLinked', { label }),
  confirmFailed: (label: string) => message('providers:messages.confirmFailed', { label }),
  notFound: message('providers:messages.notFound'),
};
