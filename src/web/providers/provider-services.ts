import type { FinishProviderConfirm } from '../../application/providers/finish-provider-confirm.js';
import type { FinishProviderLink } from '../../application/providers/finish-provider-link.js';
import type { FinishProviderLogin } from '../../application/providers/finish-provider-login.js';
import type { ListLinkedProviders } from '../../application/providers/list-linked-providers.js';
import type { StartProviderSignIn } from '../../application/providers/start-provider-sign-in.js';
import type { UnlinkProvider } from '../../application/providers/unlink-provider.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';

/** A configured provider as its button shows it. */
export interface ProviderButton {
  readonly name: string;
  readonly label: string;
}

/** The use cases of sign-in providers, and the configured ones. */
export interface ProviderServices {
  /** The configured providers, in the order their buttons show; none: the feature mounts nothing. */
  readonly providers: readonly ProviderButton[];
  readonly startSignIn: StartProviderSignIn;
  readonly finishLogin: FinishProviderLogin;
  readonly finishLink: FinishProviderLink;
  readonly finishConfirm: FinishProviderConfirm;
  readonly unlink: UnlinkProvider;
  readonly list: ListLinkedProviders;
  /** Sudo mode, before linking a provider. */
  readonly confirmSudo: ConfirmSudo;
}
