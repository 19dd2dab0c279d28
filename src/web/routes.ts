import Router from '@koa/router';
import * as auth from './controllers/auth-controller.js';
import * as pages from './controllers/page-controller.js';
import { adminRequired, loginRequired, signupRequired } from './middleware/gates.js';
import type { Passport } from './passport.js';
import type { AppServices } from './services.js';

/** Every route of SPEC.md section 4, each with its gates in the specified order. */
export function createRouter(services: AppServices, passport: Passport): Router {
  const router = new Router();
  const admin = adminRequired(services.authorizeAdmin);

  router.get('/', pages.home);
  router.get('/login', auth.showLogin);
  router.post('/login', auth.logIn(passport));
  router.get('/signup', auth.showSignUp);
  router.post('/signup', auth.signUp(passport));
  router.get('/logout', auth.logOut);

  router.get('/special', signupRequired, pages.special);
  router.get('/users/profile', loginRequired, pages.profile(services.getProfile));
  router.get('/admin', loginRequired, admin, pages.admin);
  router.get('/users', loginRequired, admin, pages.users(services.listUsers));
  return router;
}
