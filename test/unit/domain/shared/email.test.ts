import { expect } from 'chai';
import { Email, isEmailFragment } from '../../../../src/domain/shared/email.js';

describe('Email', () => {
  it('trims and lower-cases the address', () => {
    expect(Email.parse('  Ada.Lovelace@Example.ORG ')?.value).to.equal('ada.lovelace@example.org');
  });

  it('accepts what a browser accepts for input type=email', () => {
    for (const raw of ["o'neil&co@example.com", 'a+tag@sub.example.co.uk', 'x@localhost']) {
      expect(Email.parse(raw)?.value, raw).to.equal(raw);
    }
  });

  it('refuses empty, malformed and over-long addresses', () => {
    for (const raw of [
      '',
      '   ',
      'plain',
      '@example.com',
      'a@',
      'a b@example.com',
      'a@-example.com',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      expect(Email.parse(raw), raw).to.equal(null);
    }
  });

  it('compares by normalised value', () => {
    expect((Email.parse('A@B.C') as Email).equals(Email.parse('a@b.c') as Email)).to.equal(true);
  });
});

describe('isEmailFragment', () => {
  it('accepts any run of the characters a normalised address may hold', () => {
    for (const text of ['', 'ada', '@example.', "o'neil&co", 'a_b%c', '~!#$&*+/=?^`{|}-']) {
      expect(isEmailFragment(text), text).to.equal(true);
    }
  });

  it('refuses a space, a capital, a non-ASCII letter and the characters of SQL and markup', () => {
    for (const text of ['a b', 'Ada', 'ädä', 'a\\b', '"', '<', '(', ';', ',']) {
      expect(isEmailFragment(text), text).to.equal(false);
    }
  });
});
