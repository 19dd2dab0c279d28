import type { Context, Next } from 'koa';
import { type IVerifyOptions, Strategy as LocalStrategy } from 'passport-local';
import type { LogIn, LogInResult } from '../../application/accounts/log-in.js';
import type { SignUp, SignUpResult } from '../../application/accounts/sign-up.js';
import { authenticate, koaContextOf, type Passport } from '../shared/passport.js';
import { requestContext } from '../shared/security-events.js';

/** The form fields the strategies read (email in place of a username: docs/behaviour.md). */
const FIELDS = { usernameField: 'email', passwordField: 'password', passReqToCallback: true } as const;

/** What each strategy hands the controller as passport's `info`: its use case's whole result. */
export interface StrategyResults {
  readonly login: LogInResult;
  readonly signup: SignUpResult;
}

/**
 * Adds the two passport-local strategies of the login and sign-up forms: `login` runs
 * LogIn, `signup` runs SignUp and reads the extra phone field from the request. Each
 * passes its use case's typed result on in passport's `info` (beside the `message`
 * passport-local asks for), success or not, so the controller decides on the result.
 * Each use case records its own security events, with the request's context.
 */
export function useLocalStrategies(passport: Passport, useCases: { readonly logIn: LogIn; readonly signUp: SignUp }): void {
  passport.use(
    'login',
    new LocalStrategy(FIELDS, (req, email, password, done) => {
      const remember = (req.body as { remember?: unknown } | undefined)?.remember === 'yes';
      useCases.logIn.execute({ email, password, remember, request: requestContext(koaContextOf(req)) }).then((result) => {
        done(null, result.kind === 'ok' ? { id: result.userId } : false, withResult(result));
      }, done);
    }),
  );
  passport.use(
    'signup',
    new LocalStrategy(FIELDS, (req, email, password, done) => {
      const phone = (req.body as { phone?: string } | undefined)?.phone;
      useCases.signUp.execute({ email, password, phone, request: requestContext(koaContextOf(req)) }).then((result) => {
        done(null, result.kind === 'ok' ? { id: result.userId } : false, withResult(result));
      }, done);
    }),
  );
}

/** Runs the login or sign-up strategy and resolves its use case's result. */
export function authenticateForm<Name extends keyof StrategyResults>(
  ctx: Context,
  next: Next,
  passport: Passport,
  strategy: Name,
): Promise<StrategyResults[Name]> {
  return authenticate<StrategyResults[Name]>(ctx, next, passport, strategy);
}

/** passport-local's `info` (its `message`), carrying the use case's result beside it. */
function withResult(result: LogInResult | SignUpResult): IVerifyOptions {
  const info: IVerifyOptions & { readonly result: typeof result } = { message: result.kind, result };
  return info;
}
