import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The passkey buttons of /login, /login/two-factor and /account/passkeys, loaded as a
 * module by those pages only (bundled into public/passkeys.js by `npm run build:client`).
 * Each button is hidden until this script finds a browser that can use passkeys; every
 * message a request ends with goes to the status line beside it.
 */

/** What the server answers: options, where to go next, or a message to show (with where to go, for a login that ended). */
interface Answer {
  readonly options?: unknown;
  readonly redirect?: string;
  readonly error?: string;
}

/**
 * The script's own words, in the page's language: the page writes them from the catalog
 * (`passkeys:script`) into the data attributes of its status line.
 */
const WORDS = (() => {
  const data = document.querySelector<HTMLElement>('[data-passkey-status]')?.dataset ?? {};
  return { waiting: data.waiting ?? '', notCompleted: data.notCompleted ?? '', failure: data.failure ?? '' };
})();

const GENERIC_FAILURE = WORDS.failure;

/** POSTs JSON to our own origin and reads the JSON answer; a page that is not JSON (a 403, a 413) says what failed. */
async function post(path: string, body: unknown): Promise<{ ok: boolean; answer: Answer }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  let answer: Answer = {};
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) answer = (await response.json()) as Answer;
  return { ok: response.ok && answer.error === undefined, answer };
}

/** Runs one ceremony from a button, showing its progress and outcome in `status`. */
function wire(button: HTMLButtonElement, status: HTMLElement, ceremony: () => Promise<string | null>): void {
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = WORDS.waiting;
    ceremony()
      .then((failure) => {
        if (failure !== null) status.textContent = failure;
      })
      .catch((error: unknown) => {
        // The browser's refusal (cancelled, timed out, no passkey): its own words, which name the cause.
        status.textContent = WORDS.notCompleted.replace('{{reason}}', error instanceof Error ? error.message : GENERIC_FAILURE);
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** Log in with a passkey: options, the browser's assertion, the server's verdict. */
async function logIn(): Promise<string | null> {
  const started = await post('/login/passkey/options', {});
  if (!started.ok) return started.answer.error ?? GENERIC_FAILURE;
  const optionsJSON = started.answer.options as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  const finished = await post('/login/passkey', { response });
  if (!finished.ok) return finished.answer.error ?? GENERIC_FAILURE;
  window.location.assign(finished.answer.redirect ?? '/');
  return null;
}

/**
 * A passkey as the second factor of the login waiting on /login/two-factor: options naming
 * the user's passkeys, the browser's assertion, the server's verdict. A login that can no
 * longer complete (expired) is answered with the way back to /login, which shows why.
 */
async function confirmSecondFactor(): Promise<string | null> {
  const started = await post('/login/two-factor/passkey/options', {});
  if (!started.ok) return refused(started.answer);
  const optionsJSON = started.answer.options as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  const finished = await post('/login/two-factor/passkey', { response });
  if (!finished.ok) return refused(finished.answer);
  window.location.assign(finished.answer.redirect ?? '/');
  return null;
}

/** The message of a refusal; one that names a page (a login that ended) goes there. */
function refused(answer: Answer): string {
  if (answer.redirect !== undefined) window.location.assign(answer.redirect);
  return answer.error ?? GENERIC_FAILURE;
}

/** Add a passkey under the typed name: options, the browser's new credential, the server's verdict. */
async function register(nameInput: HTMLInputElement): Promise<string | null> {
  const started = await post('/account/passkeys/options', {});
  if (!started.ok) return started.answer.error ?? GENERIC_FAILURE;
  const optionsJSON = started.answer.options as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON });
  const finished = await post('/account/passkeys', { name: nameInput.value, response });
  if (!finished.ok) return finished.answer.error ?? GENERIC_FAILURE;
  window.location.assign(finished.answer.redirect ?? '/account/passkeys');
  return null;
}

/** Shows the page's note that this browser cannot use passkeys, where it has one. */
function showUnsupportedNote(): void {
  const note = document.querySelector<HTMLElement>('[data-passkey-unsupported]');
  if (note) note.hidden = false;
}

function start(): void {
  const supported = browserSupportsWebAuthn();
  const login = document.querySelector<HTMLElement>('[data-passkey-login]');
  const loginButton = document.querySelector<HTMLButtonElement>('#passkey-login');
  const loginStatus = login?.querySelector<HTMLElement>('[data-passkey-status]');
  if (supported && login && loginButton && loginStatus) {
    wire(loginButton, loginStatus, logIn);
    login.hidden = false;
  }
  const second = document.querySelector<HTMLElement>('[data-passkey-second-factor]');
  const secondButton = document.querySelector<HTMLButtonElement>('#passkey-second-factor');
  const secondStatus = second?.querySelector<HTMLElement>('[data-passkey-status]');
  if (second && secondButton && secondStatus) {
    if (supported) {
      wire(secondButton, secondStatus, confirmSecondFactor);
      second.hidden = false;
    } else showUnsupportedNote();
  }
  const starting = document.querySelector<HTMLElement>('[data-passkey-start]');
  if (starting) {
    if (supported) starting.hidden = false;
    else showUnsupportedNote();
  }
  const adding = document.querySelector<HTMLElement>('[data-passkey-register]');
  const addButton = document.querySelector<HTMLButtonElement>('#passkey-add');
  const nameInput = document.querySelector<HTMLInputElement>('#passkey-name');
  const addStatus = adding?.querySelector<HTMLElement>('[data-passkey-status]');
  if (adding && addButton && nameInput && addStatus) {
    if (supported) {
      wire(addButton, addStatus, () => register(nameInput));
      adding.hidden = false;
    } else showUnsupportedNote();
  }
}

start();
