import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, LoginSchema, RegisterSchema, RemindPasswordSetNewSchema } from './account.ts';
import { msg } from './messages.ts';

const fieldErrors = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registration rules (spec 5)', () => {
  const ok = {
    Imie: 'Jan',
    Nazwisko: 'Kowalski',
    Email: 'jan@example.pl',
    Haslo: 'Haslo123',
    PowtorzHaslo: 'Haslo123',
    AkceptacjaRegulaminu: true,
  };
  it('accepts a valid registration', () => {
    expect(RegisterSchema.safeParse(ok).success).toBe(true);
  });
  it('gives each missing field its spec message', () => {
    expect(fieldErrors(RegisterSchema.safeParse({}))).toEqual({
      Imie: msg.required,
      Nazwisko: msg.required,
      Email: msg.required,
      Haslo: msg.passwordRequired,
      PowtorzHaslo: msg.required,
      AkceptacjaRegulaminu: msg.consentRequired,
    });
  });
  it.each(['haslo123', 'HASLO123', 'Haslooooo', 'Ha1', 'Hasło1'])('rejects the weak password %s', (pw) => {
    expect(fieldErrors(RegisterSchema.safeParse({ ...ok, Haslo: pw, PowtorzHaslo: pw })).Haslo).toBe(
      msg.passwordRules,
    );
  });
  it('accepts Polish letters in a strong password', () => {
    expect(RegisterSchema.safeParse({ ...ok, Haslo: 'Źdźbło123', PowtorzHaslo: 'Źdźbło123' }).success).toBe(
      true,
    );
  });
  it('rejects a mismatched repeat and an unticked consent', () => {
    const e = fieldErrors(
      RegisterSchema.safeParse({ ...ok, PowtorzHaslo: 'Inne1234', AkceptacjaRegulaminu: false }),
    );
    expect(e).toEqual({ PowtorzHaslo: msg.passwordsMismatch, AkceptacjaRegulaminu: msg.consentRequired });
  });
  it('rejects an invalid e-mail', () => {
    expect(fieldErrors(RegisterSchema.safeParse({ ...ok, Email: 'jan@' })).Email).toBe(msg.invalidEmail);
  });
});

describe('login, change password and reset rules', () => {
  it('requires a valid login e-mail and a password', () => {
    expect(fieldErrors(LoginSchema.safeParse({ Login: '', Password: '' }))).toEqual({
      Login: msg.required,
      Password: msg.required,
    });
    expect(fieldErrors(LoginSchema.safeParse({ Login: 'x', Password: 'a' })).Login).toBe(msg.invalidEmail);
  });
  it('asks for the current password with "Wpisz hasło"', () => {
    const e = fieldErrors(
      ChangePasswordSchema.safeParse({
        ObecneHaslo: '',
        NoweHaslo: 'Nowe1234',
        PowtorzNoweHaslo: 'Nowe1234',
      }),
    );
    expect(e).toEqual({ ObecneHaslo: msg.passwordRequired });
  });
  it('applies the password rules to a reset', () => {
    const e = fieldErrors(
      RemindPasswordSetNewSchema.safeParse({ Haslo: 'abc', PowtorzHaslo: 'abd', Guid: 'x' }),
    );
    expect(e.Haslo).toBe(msg.passwordRules);
    expect(e.PowtorzHaslo).toBe(msg.passwordsMismatch);
  });
});
