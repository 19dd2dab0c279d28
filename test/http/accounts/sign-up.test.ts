import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, flashOf, showsLoggedIn } from '../../support/test-app.js';

describe('POST /signup', () => {
  onEveryBackend((build) => {
    it('creates the user, logs in and redirects to /users/profile with "Successfully signed up."', async () => {
      const { app, users } = await build();
      const client = browser(app);

      const response = await client
        .post('/signup')
        .type('form')
        .send({ email: 'new@example.com', password: 'correct horse', phone: '+1 555 0100' });

      expect(response.status).to.equal(302);
      expect(response.headers.location).to.equal('/users/profile');
      const user = await users.findByEmail(Email.parse('new@example.com') as Email);
      expect(user?.phone).to.equal('+1 555 0100');
      expect(user?.admin).to.equal(false);

      const profile = await client.get('/users/profile').expect(200);
      expect(flashOf(profile.text, 'messageSuccess')).to.equal('Successfully signed up.');
      expect(showsLoggedIn(profile.text)).to.equal(true);
      const again = await client.get('/users/profile').expect(200);
      expect(flashOf(again.text, 'messageSuccess')).to.equal(null);
    });

    it('redirects to /signup with "Email already taken." and creates nothing when the email exists', async () => {
      const { app, users } = await build();
      await browser(app).post('/signup').type('form').send({ email: 'taken@example.com', password: 'password-1' });
      const client = browser(app);

      const response = await client
        .post('/signup')
        .type('form')
        .send({ email: ' Taken@Example.COM ', password: 'password-2' })
        .expect(302);

      expect(response.headers.location).to.equal('/signup');
      const page = await client.get('/signup').expect(200);
      expect(flashOf(page.text, 'messageFailure')).to.equal('Email already taken.');
      expect(showsLoggedIn(page.text)).to.equal(false);
      expect(flashOf((await client.get('/signup')).text, 'messageFailure')).to.equal(null);
      expect(await users.list({ afterId: null, limit: 10 })).to.have.length(1);
    });

    it('stores the email normalised and the phone as null when left empty', async () => {
      const { app, users } = await build();
      await browser(app).post('/signup').type('form').send({ email: '  Mixed@Case.Example ', password: 'password-1', phone: ' ' });

      const [user] = await users.list({ afterId: null, limit: 10 });
      expect(user?.email.value).to.equal('mixed@case.example');
      expect(user?.phone).to.equal(null);
    });

    it('never sets the admin flag, even when the form asks for it', async () => {
      const { app, users } = await build();
      await browser(app).post('/signup').type('form').send({ email: 'sneaky@example.com', password: 'password-1', admin: '1' });

      const [user] = await users.list({ afterId: null, limit: 10 });
      expect(user?.admin).to.equal(false);
    });

    it('keeps only the user id in the session', async () => {
      const { app, sessions } = await build();
      const response = await browser(app)
        .post('/signup')
        .type('form')
        .send({ email: 'cookie@example.com', password: 'a secret password', phone: '12345' });

      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join(';');
      const sessionId = /gatehouse\.sid=([^;]+)/.exec(cookies)?.[1] ?? '';
      const session = (await sessions.find(sessionId, Date.now()))?.data ?? {};
      expect(session.passport).to.deep.equal({ user: 1 });
      expect(JSON.stringify(session)).not.to.include('a secret password');
      expect(JSON.stringify(session)).not.to.include('cookie@example.com');
    });
  });

});
