import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { isUserId } from '../domain/user.js';
import type { AppServices } from './services.js';

/** Why passport refused a login or sign-up: `message` holds the use case's result kind. */
export interface RefusalInfo {
  readonly message: string;
}

/** The form fields the strategies read (SPEC 5.1: email in place of a username). */
const FIELDS = { usernameField: 'email', passwordField: 'password', passReqToCallback: true } as const;

/**
 * A passport instance of the app's own (not the global singleton), with two
 * passport-local strategies: `login` runs LogIn, `signup` runs SignUp and reads the
 * extra phone field from the request. The session stores the user id only.
 */
export function createPassport(services: AppServices): InstanceType<typeof koaPassport.KoaPassport> {
  const passport = new koaPassport.KoaPassport();

  passport.use(
    'login',
    new LocalStrategy(FIELDS, (_req, email, password, done) => {
      services.logIn.execute({ email, password }).then((result) => {
        if (result.kind === 'ok') done(null, { id: result.userId });
        else done(null, false, { message: result.kind } satisfies RefusalInfo);
      }, done);
    }),
  );

  passport.use(
    'signup',
    new LocalStrategy(FIELDS, (req, email, password, done) => {
      const phone = (req.body as { phone?: string } | undefined)?.phone;
      services.signUp.execute({ email, password, phone }).then((result) => {
        if (result.kind === 'ok') done(null, { id: result.userId });
        else done(null, false, { message: result.kind } satisfies RefusalInfo);
      }, done);
    }),
  );

  passport.serializeUser((user: Express.User, done) => done(null, user.id));
  // No database read: handlers see `{ id }` only, and gates that need the record read it.
  passport.deserializeUser((id: unknown, done) => done(null, isUserId(id) ? { id } : false));
  return passport;
}

/** The passport instance type, for the controllers that authenticate. */
export type Passport = ReturnType<typeof createPassport>;
