import type { SaveProfileSchema } from '@club/contract';
import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type LoginRequest,
  msg,
  type RegisterRequest,
  type RemindPasswordRequest,
  type RemindPasswordSetNewRequest,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { Mail } from '../mail/mailer.ts';
import { changeEmailMail, confirmAccountMail, resetPasswordMail } from '../mail/templates.ts';
import * as repo from './repository.ts';

/** E-mailed links (confirmation, reset, e-mail change) expire after a day and work once. */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

type Ctx = { app: FastifyInstance; org: Organisation };
type User = repo.UserRow;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Unknown e-mails still cost one scrypt verification, so response time does not tell
 * whether an account exists. The hash is made once, on first use.
 */
let dummyHash: Promise<string> | undefined;
const dummyVerify = async (password: string) => {
  dummyHash ??= hashPassword('niepoprawne-haslo-do-porownania');
  await verifyPassword(password, await dummyHash);
};

/**
 * The storefront address of this tenant. `PUBLIC_URL` when it is one of the tenant's domains
 * (or the tenant has none); otherwise the tenant's first domain with PUBLIC_URL's scheme and
 * port, because a link to another club's storefront would resolve to the wrong tenant there.
 */
export const storefrontUrl = async ({ app, org }: Ctx): Promise<string> => {
  const publicUrl = app.config.publicUrl;
  const hosts = await repo.organisationHosts(app.db, org.id);
  const base = new URL(publicUrl);
  if (!hosts.length || hosts.includes(base.hostname) || hosts.includes(base.host)) return publicUrl;
  const host = hosts[0]!;
  if (host.includes(':')) base.host = host;
  else base.hostname = host;
  return base.toString().replace(/\/$/, '');
};

const issueToken = async (
  db: Db | Tx,
  org: Organisation,
  userId: number,
  kind: repo.TokenKind,
  newEmail?: string,
): Promise<string> => {
  const token = newToken();
  await repo.insertToken(db, {
    organisationId: org.id,
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
    newEmail,
  });
  return token;
};

/** A mail server failure is not the user's fault, but it must not look like success either. */
const sendMail = async (app: FastifyInstance, mail: Mail) => {
  try {
    await app.mailer.send(mail);
  } catch (err) {
    app.log.error({ err }, 'sending e-mail failed');
    throw new HttpError(503, msg.mailSendFailed);
  }
};

export const register = async (ctx: Ctx, body: RegisterRequest) => {
  const { app, org } = ctx;
  const email = normaliseEmail(body.Email);
  const taken = () => badRequest(msg.emailTaken, { Email: msg.emailTaken });
  if (await repo.emailTaken(app.db, org.id, email)) throw taken();
  const passwordHash = await hashPassword(body.Haslo);
  let created: { user: User; token: string };
  try {
    created = await app.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        organisationId: org.id,
        email,
        firstName: body.Imie,
        lastName: body.Nazwisko,
        passwordHash,
      });
      return { user, token: await issueToken(tx, org, user.id, 'confirm') };
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw taken();
    throw err;
  }
  const link = `${await storefrontUrl(ctx)}/logowanie/${created.token}`;
  try {
    await sendMail(app, {
      to: email,
      ...confirmAccountMail({ shopName: org.name, firstName: body.Imie, link }),
    });
  } catch (err) {
    // Without the mail nobody could confirm the account, and the address would stay "taken".
    await repo.deleteUser(app.db, org.id, created.user.id);
    throw err;
  }
  return { Message: msg.registerSuccess };
};

export const confirmAccount = async ({ app, org }: Ctx, guid: string) => {
  const token = await repo.findUsableToken(app.db, org.id, 'confirm', hashToken(guid));
  if (!token) throw badRequest(msg.linkInvalid);
  const user = await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw badRequest(msg.linkInvalid);
    const u = await repo.findUserById(tx, org.id, token.userId);
    if (!u) throw badRequest(msg.linkInvalid);
    if (!u.confirmedAt) await repo.updateUser(tx, org.id, u.id, { confirmedAt: new Date() });
    return u;
  });
  return { Ticket: await app.sessions.create(user) };
};

export const login = async ({ app, org }: Ctx, body: LoginRequest) => {
  const user = await repo.findUserByEmail(app.db, org.id, normaliseEmail(body.Login));
  if (!user) {
    await dummyVerify(body.Password);
    throw badRequest(msg.loginFailed);
  }
  if (!(await verifyPassword(body.Password, user.passwordHash))) throw badRequest(msg.loginFailed);
  // Only after the password matched, so this answer reveals nothing to someone guessing.
  if (!user.confirmedAt) throw badRequest(msg.accountNotConfirmed);
  return { Ticket: await app.sessions.create(user) };
};

export const changePassword = async (
  { app, org }: Ctx,
  user: User,
  body: ChangePasswordRequest,
  currentTicket: string | undefined,
) => {
  if (!(await verifyPassword(body.ObecneHaslo, user.passwordHash))) {
    throw badRequest(msg.currentPasswordWrong, { ObecneHaslo: msg.currentPasswordWrong });
  }
  await repo.updateUser(app.db, org.id, user.id, { passwordHash: await hashPassword(body.NoweHaslo) });
  // Someone who knew the old password is logged out everywhere else; this browser stays in.
  await app.sessions.revokeAllFor(user.id, currentTicket);
  return { Message: msg.passwordChanged };
};

export const remindPassword = async (ctx: Ctx, body: RemindPasswordRequest) => {
  const { app, org } = ctx;
  const user = await repo.findUserByEmail(app.db, org.id, normaliseEmail(body.Email));
  if (!user) throw badRequest(msg.reminderFailure);
  const token = await issueToken(app.db, org, user.id, 'reset');
  const link = `${await storefrontUrl(ctx)}/resetuj-haslo/${token}`;
  await sendMail(app, {
    to: user.email,
    ...resetPasswordMail({ shopName: org.name, firstName: user.firstName, link }),
  });
  return { Message: msg.reminderSent };
};

export const remindPasswordSetNew = async ({ app, org }: Ctx, body: RemindPasswordSetNewRequest) => {
  const token = await repo.findUsableToken(app.db, org.id, 'reset', hashToken(body.Guid));
  if (!token) throw badRequest(msg.linkInvalid);
  const passwordHash = await hashPassword(body.Haslo);
  await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw badRequest(msg.linkInvalid);
    const user = await repo.findUserById(tx, org.id, token.userId);
    if (!user) throw badRequest(msg.linkInvalid);
    // The link reached their mailbox, which is all a confirmation link proves.
    await repo.updateUser(tx, org.id, user.id, { passwordHash, confirmedAt: user.confirmedAt ?? new Date() });
    await repo.consumeAllOfKind(tx, user.id, 'reset');
    await repo.consumeAllOfKind(tx, user.id, 'confirm');
  });
  await app.sessions.revokeAllFor(token.userId);
  return { Message: msg.passwordChanged };
};

export const changeEmail = async (ctx: Ctx, user: User, body: ChangeEmailRequest) => {
  const { app, org } = ctx;
  const newEmail = normaliseEmail(body.NowyEmail);
  const oldEmail = body.staryEmail ? normaliseEmail(body.staryEmail) : '';
  if (oldEmail && oldEmail !== user.email) {
    throw badRequest(msg.oldEmailMismatch, { staryEmail: msg.oldEmailMismatch });
  }
  if (newEmail === user.email) throw badRequest(msg.sameEmail, { NowyEmail: msg.sameEmail });
  if (await repo.emailTaken(app.db, org.id, newEmail))
    throw badRequest(msg.emailTaken, { NowyEmail: msg.emailTaken });
  const token = await issueToken(app.db, org, user.id, 'email', newEmail);
  const link = `${await storefrontUrl(ctx)}/potwierdz-nowy-adres-email/${token}`;
  await sendMail(app, {
    to: newEmail,
    ...changeEmailMail({ shopName: org.name, firstName: user.firstName, newEmail, link }),
  });
  return { Message: msg.emailChangeSent };
};

export const changeEmailConfirm = async ({ app, org }: Ctx, user: User, hash: string) => {
  const token = await repo.findUsableToken(app.db, org.id, 'email', hashToken(hash));
  // Someone else's link is not consumed: it stays usable by its owner.
  if (!token || token.userId !== user.id || !token.newEmail) throw badRequest(msg.emailChangeFailed);
  const newEmail = token.newEmail;
  if (await repo.emailTaken(app.db, org.id, newEmail, user.id)) throw conflict(msg.emailTaken);
  try {
    await app.db.transaction(async (tx) => {
      if (!(await repo.consumeToken(tx, token.id))) throw badRequest(msg.emailChangeFailed);
      await repo.updateUser(tx, org.id, user.id, { email: newEmail });
      await repo.consumeAllOfKind(tx, user.id, 'email');
    });
  } catch (err) {
    // Another account took the address between the check and the update.
    if (repo.isUniqueViolation(err)) throw conflict(msg.emailTaken);
    throw err;
  }
  return { Message: msg.emailChangedOk };
};

export const profileInfo = (user: User) => ({
  Imie: user.firstName,
  Nazwisko: user.lastName,
  Email: user.email,
});

export const loggedInUserInfo = (user: User) => ({
  Id: user.id,
  Imie: user.firstName,
  Nazwisko: user.lastName,
  Email: user.email,
});

/** Names and address only; e-mail and password have their own confirmed flows. */
export const saveProfile = async (
  { app, org }: Ctx,
  user: User,
  body: z.output<typeof SaveProfileSchema>,
) => {
  const a = body.Adres;
  await repo.updateUser(app.db, org.id, user.id, {
    firstName: body.DaneKonta.Imie,
    lastName: body.DaneKonta.Nazwisko,
    addressName: a.Nazwa,
    addressStreet: a.UlicaINumer,
    addressPostcode: a.KodPocztowy,
    addressCity: a.Miasto,
    addressPhone: a.Telefon,
    addressEmail: a.Email,
  });
  return { Message: msg.profileSaved };
};

export const address = (user: User) => ({
  Nazwa: user.addressName,
  UlicaINumer: user.addressStreet,
  KodPocztowy: user.addressPostcode,
  Miasto: user.addressCity,
  Telefon: user.addressPhone,
  Email: user.addressEmail,
});
