import type { SaveProfileSchema } from '@club/contract';
import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type LoginRequest,
  msg,
  type RegisterRequest,
  type RemindPasswordRequest,
  type RemindPasswordSetNewRequest,
  type ResendConfirmationRequest,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  type HashLane,
  hashPassword,
  hashToken,
  needsRehash,
  newToken,
  verifyPassword,
} from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { MailMessage } from '../mail/message.ts';
import { enqueueBudgetedMail, enqueueMail } from '../mail/queue.ts';
import {
  changeEmailMail,
  confirmAccountMail,
  emailChangedNoticeMail,
  passwordChangedNoticeMail,
  registrationAttemptMail,
  resetPasswordMail,
} from '../mail/templates.ts';
import {
  isLocked,
  LOGIN_LOCK,
  type LockPolicy,
  lockDelayMs,
  PANEL_LOGIN_LOCK,
  UnknownAddressThrottle,
} from './login-throttle.ts';
import * as repo from './repository.ts';

/** What the account services use of the app: the database, settings, sessions and the tenants' addresses. */
export type AccountsDeps = Pick<FastifyInstance, 'db' | 'config' | 'sessions' | 'panelSessions' | 'tenants'>;

/** E-mailed links (confirmation, reset, e-mail change) expire after a day and work once. */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

type Ctx = { app: AccountsDeps; org: Organisation };
type User = repo.UserRow;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** New hashes at the configured cost (OWASP's; tests may configure less). */
export const hashNew = (app: AccountsDeps, password: string, lane: HashLane = 'shop') =>
  hashPassword(password, app.config.passwordHashCost, lane);

/**
 * Unknown e-mails still cost one scrypt verification, so response time does not tell
 * whether an account exists. The hash is made once per cost, on first use.
 */
const dummyHashes = new Map<string, Promise<string>>();
const dummyVerify = async (app: AccountsDeps, password: string, lane: HashLane) => {
  const { N, r, p } = app.config.passwordHashCost;
  const key = `${N}:${r}:${p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashNew(app, 'niepoprawne-haslo-do-porownania');
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy, lane);
};

// The pages' own canonical address (lib/site-url.ts), so e-mailed links and the sitemap agree.
const storefrontUrl = ({ app, org }: Ctx): Promise<string> => app.tenants.siteUrl(org);

export const issueToken = async (
  db: Db | Tx,
  org: Organisation,
  userId: number,
  kind: repo.TokenKind,
  opts: { newEmail?: string; ttlMs?: number } = {},
): Promise<string> => {
  const token = newToken();
  await repo.insertToken(db, {
    organisationId: org.id,
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + (opts.ttlMs ?? LINK_TTL_MS)),
    newEmail: opts.newEmail,
  });
  return token;
};

/**
 * Every account e-mail (links and notices) is queued in the transaction of the change it is about:
 * both commit or neither does, and the mail worker sends it with retries (mail/worker.ts). A mail
 * server that is down delays the mail; it never fails nor undoes the change.
 */
const sendMail = (tx: Tx, org: Organisation, mail: MailMessage) => enqueueMail(tx, mail, org.id);

/**
 * Registration answers the same whatever the address: a new account, an unconfirmed one taken over
 * (reRegister), an account that exists already (its owner is told by e-mail) or a staff account
 * (left alone: staff accounts are claimed only through their invitation). The password is hashed
 * in every case, so neither the answer nor its time tells whether an account exists.
 */
export const register = async (ctx: Ctx, body: RegisterRequest) => {
  const { app, org } = ctx;
  const email = normaliseEmail(body.Email);
  const passwordHash = await hashNew(app, body.Haslo);
  const storefront = await storefrontUrl(ctx);
  const existing = await repo.findUserByEmail(app.db, org.id, email);
  if (existing) {
    await registerAgain(ctx, existing, body, passwordHash);
    return { Message: msg.registerSuccess };
  }
  try {
    // The account and its confirmation mail commit together: no account nobody can confirm.
    await app.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        organisationId: org.id,
        email,
        firstName: body.Imie,
        lastName: body.Nazwisko,
        passwordHash,
      });
      const link = `${storefront}/logowanie/${await issueToken(tx, org, user.id, 'confirm')}`;
      await sendBudgeted(tx, org, confirmAccountMail({ to: email, shopName: org.name, link }));
    });
  } catch (err) {
    // Registered by a parallel request a moment ago: answered like any existing address.
    if (!repo.isUniqueViolation(err)) throw err;
  }
  return { Message: msg.registerSuccess };
};

/** Messages to an address nobody has proven is theirs count against its budget (mail/queue.ts). */
const sendBudgeted = (tx: Tx, org: Organisation, mail: MailMessage) =>
  enqueueBudgetedMail(tx, mail, org.id, 'account');

/** A new single-use link for the account, mailed (within the address's budget) by `mailFor(token)`. */
export const mailNewLink = async (
  tx: Tx,
  org: Organisation,
  userId: number,
  kind: repo.TokenKind,
  mailFor: (token: string) => MailMessage,
  opts: { ttlMs?: number } = {},
) => sendBudgeted(tx, org, mailFor(await issueToken(tx, org, userId, kind, opts)));

/** Tells the account's owner their password changed, so a change they did not make does not go unseen. */
export const sendPasswordChangedNotice = (
  tx: Tx,
  org: Organisation,
  user: Pick<User, 'email' | 'firstName'>,
  via: 'change' | 'reset',
) =>
  sendMail(
    tx,
    org,
    passwordChangedNoticeMail({ to: user.email, shopName: org.name, firstName: user.firstName, via }),
  );

/**
 * Stores a password set through an e-mailed link. The link reached the mailbox, which is all a
 * confirmation proves, so the account counts as confirmed; `patch` lifts the login lock, and every
 * link of `voided` stops working.
 */
export const storeLinkPassword = async (
  tx: Tx,
  orgId: number,
  user: Pick<User, 'id' | 'confirmedAt'>,
  patch: repo.UserPatch,
  voided: repo.TokenKind[],
) => {
  await repo.updateUser(tx, orgId, user.id, { ...patch, confirmedAt: user.confirmedAt ?? new Date() });
  for (const kind of voided) await repo.consumeAllOfKind(tx, user.id, kind);
};

const registerAgain = async (ctx: Ctx, user: User, body: RegisterRequest, passwordHash: string) => {
  if (repo.isStaff(user) || user.anonymisedAt) return;
  if (!user.confirmedAt) return reRegister(ctx, user, body, passwordHash);
  const { app, org } = ctx;
  const storefront = await storefrontUrl(ctx);
  await app.db.transaction(async (tx) => {
    await sendBudgeted(
      tx,
      org,
      registrationAttemptMail({
        to: user.email,
        shopName: org.name,
        loginUrl: `${storefront}/logowanie`,
        remindUrl: `${storefront}/przypomnij-haslo`,
      }),
    );
  });
};

/**
 * Registering again for a customer address nobody confirmed: whoever registered it first (possibly
 * not the mailbox's owner: account pre-hijacking) loses it. The password and names are replaced,
 * every earlier link is void, and the new link goes to the address, whose owner alone can confirm.
 */
const reRegister = async (ctx: Ctx, user: User, body: RegisterRequest, passwordHash: string) => {
  const { app, org } = ctx;
  const storefront = await storefrontUrl(ctx);
  const replaced = await app.db.transaction(async (tx) => {
    if (
      !(await repo.replaceUnconfirmed(tx, org.id, user.id, {
        firstName: body.Imie,
        lastName: body.Nazwisko,
        passwordHash,
      }))
    )
      return false;
    for (const kind of ['confirm', 'reset', 'email'] as const) await repo.consumeAllOfKind(tx, user.id, kind);
    const link = `${storefront}/logowanie/${await issueToken(tx, org, user.id, 'confirm')}`;
    await sendBudgeted(tx, org, confirmAccountMail({ to: user.email, shopName: org.name, link }));
    return true;
  });
  // No session can exist before confirmation, but nothing of the first registrant may outlive this.
  if (replaced) await app.sessions.revokeAllFor(user.id);
};

export const confirmAccount = async ({ app, org }: Ctx, guid: string) => {
  const token = await repo.findUsableToken(app.db, org.id, 'confirm', hashToken(guid));
  if (!token) throw badRequest(msg.linkInvalid);
  const user = await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw badRequest(msg.linkInvalid);
    const u = await repo.findUserById(tx, org.id, token.userId);
    if (!u || repo.isStaff(u)) throw badRequest(msg.linkInvalid);
    if (!u.confirmedAt) await repo.updateUser(tx, org.id, u.id, { confirmedAt: new Date() });
    return u;
  });
  return { Ticket: await app.sessions.create(user) };
};

const REALMS: Record<repo.LoginRealm, { lane: HashLane; lock: LockPolicy; locked: string }> = {
  shop: { lane: 'shop', lock: LOGIN_LOCK, locked: msg.loginLocked },
  panel: { lane: 'staff', lock: PANEL_LOGIN_LOCK, locked: msg.panelLoginLocked },
};
const unknownAddresses = new WeakMap<AccountsDeps, Record<repo.LoginRealm, UnknownAddressThrottle>>();
const unknownThrottle = (app: AccountsDeps, realm: repo.LoginRealm) => {
  let both = unknownAddresses.get(app);
  if (!both) {
    both = {
      shop: new UnknownAddressThrottle(LOGIN_LOCK),
      panel: new UnknownAddressThrottle(PANEL_LOGIN_LOCK),
    };
    unknownAddresses.set(app, both);
  }
  return both[realm];
};

/**
 * Failed logins in a row lock the account for a growing time (login-throttle.ts); an address
 * without an account is counted the same way, so the answers (400, then 429) and their timing
 * (one scrypt, or none while locked) are the same whether the account exists or not.
 */
export const login = async (ctx: Ctx, body: LoginRequest) => {
  const user = await verifyCredentials(ctx, body.Login, body.Password, 'shop');
  // Only after the password matched, so this answer reveals nothing to someone guessing.
  if (!user.confirmedAt) throw badRequest(msg.accountNotConfirmed);
  return { Ticket: await ctx.app.sessions.create(user) };
};

/**
 * The account whose e-mail and password these are, or a 400 `loginFailed` (429 while locked). The
 * realm decides which accounts count: customers at the storefront, staff at the panel. Any other
 * account is answered like an unknown address and its counters are not touched, so neither side
 * can be used to guess, or lock, the other's password.
 */
export const verifyCredentials = async (
  { app, org }: Ctx,
  rawEmail: string,
  password: string,
  realm: repo.LoginRealm,
): Promise<User> => {
  const { lane, lock, locked } = REALMS[realm];
  const tooMany = () => new HttpError(429, locked);
  const email = normaliseEmail(rawEmail);
  const found = await repo.findUserByEmail(app.db, org.id, email);
  const user =
    found && repo.isStaff(found) === (realm === 'panel') && !found.anonymisedAt ? found : undefined;
  if (!user) {
    const unknown = unknownThrottle(app, realm);
    const key = `${org.id}:${email}`;
    if (unknown.locked(key, new Date())) throw tooMany();
    await dummyVerify(app, password, lane);
    unknown.fail(key, new Date());
    throw badRequest(msg.loginFailed);
  }
  if (isLocked(repo.lockedUntil(user, realm), new Date())) throw tooMany();
  if (!(await verifyPassword(password, user.passwordHash, lane))) {
    const failures = await repo.recordFailedLogin(app.db, user.id, realm);
    const delay = lockDelayMs(failures, lock);
    if (delay) await repo.lockLogin(app.db, user.id, new Date(Date.now() + delay), realm);
    throw badRequest(msg.loginFailed);
  }
  if (!(await repo.clearFailedLogins(app.db, user.id, new Date(), realm))) throw tooMany();
  // Hashes from before today's cost are replaced now, while the password is at hand.
  if (needsRehash(user.passwordHash, app.config.passwordHashCost)) {
    await repo.upgradePasswordHash(app.db, user.id, user.passwordHash, await hashNew(app, password, lane));
  }
  return user;
};

/** Ends this ticket's session (the route has already checked that it is live). */
export const logout = async ({ app, org }: Ctx, ticket: string) => {
  await app.sessions.revoke(ticket, org.id);
};

/** A new password ends the account's shop sessions (except `keepTicket`'s) and its panel sessions. */
const endSessionsAfterNewPassword = async (app: AccountsDeps, userId: number, keepTicket?: string) => {
  await app.sessions.revokeAllFor(userId, keepTicket);
  await app.panelSessions.revokeAllFor(userId);
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
  const passwordHash = await hashNew(app, body.NoweHaslo);
  await app.db.transaction(async (tx) => {
    await repo.updateUser(tx, org.id, user.id, { passwordHash });
    await sendPasswordChangedNotice(tx, org, user, 'change');
  });
  // Someone who knew the old password is logged out everywhere else; this browser stays in.
  await endSessionsAfterNewPassword(app, user.id, currentTicket);
  return { Message: msg.passwordChanged };
};

/**
 * The same answer for every address, so the form tells nobody which addresses have accounts. Only
 * a customer's address gets a link; staff set a new password from the panel's login screen.
 */
export const remindPassword = async (ctx: Ctx, body: RemindPasswordRequest) => {
  const { app, org } = ctx;
  const user = await repo.findUserByEmail(app.db, org.id, normaliseEmail(body.Email));
  if (user && !repo.isStaff(user) && !user.anonymisedAt) {
    const storefront = await storefrontUrl(ctx);
    await app.db.transaction(async (tx) => {
      const link = `${storefront}/resetuj-haslo/${await issueToken(tx, org, user.id, 'reset')}`;
      await sendBudgeted(tx, org, resetPasswordMail({ to: user.email, shopName: org.name, link }));
    });
  }
  return { Message: msg.reminderSent };
};

/**
 * "Wyślij ponownie link aktywacyjny": the same answer for every address. Only a customer account
 * still waiting for confirmation gets a mail: a new link, every earlier one void. The mail counts
 * against the address's budget, like the registration's, so the form cannot flood a mailbox.
 */
export const resendConfirmation = async (ctx: Ctx, body: ResendConfirmationRequest) => {
  const { app, org } = ctx;
  const user = await repo.findUserByEmail(app.db, org.id, normaliseEmail(body.Email));
  if (user && !repo.isStaff(user) && !user.anonymisedAt && !user.confirmedAt) {
    const storefront = await storefrontUrl(ctx);
    await app.db.transaction(async (tx) => {
      await repo.consumeAllOfKind(tx, user.id, 'confirm');
      await mailNewLink(tx, org, user.id, 'confirm', (token) =>
        confirmAccountMail({ to: user.email, shopName: org.name, link: `${storefront}/logowanie/${token}` }),
      );
    });
  }
  return { Message: msg.confirmationResent };
};

export const remindPasswordSetNew = async ({ app, org }: Ctx, body: RemindPasswordSetNewRequest) => {
  const token = await repo.findUsableToken(app.db, org.id, 'reset', hashToken(body.Guid));
  if (!token) throw badRequest(msg.linkInvalid);
  const passwordHash = await hashNew(app, body.Haslo);
  const user = await app.db.transaction(async (tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw badRequest(msg.linkInvalid);
    const user = await repo.findUserById(tx, org.id, token.userId);
    if (!user || repo.isStaff(user)) throw badRequest(msg.linkInvalid);
    // Lifting the login lock lets an owner locked out by someone guessing back in at once.
    await storeLinkPassword(tx, org.id, user, { passwordHash, failedLogins: 0, loginLockedUntil: null }, [
      'reset',
      'confirm',
    ]);
    await sendPasswordChangedNotice(tx, org, user, 'reset');
    return user;
  });
  await endSessionsAfterNewPassword(app, user.id);
  return { Message: msg.passwordChanged };
};

export const changeEmail = async (ctx: Ctx, user: User, body: ChangeEmailRequest) => {
  const { app, org } = ctx;
  if (!(await verifyPassword(body.ObecneHaslo, user.passwordHash))) {
    throw badRequest(msg.currentPasswordWrong, { ObecneHaslo: msg.currentPasswordWrong });
  }
  const newEmail = normaliseEmail(body.NowyEmail);
  const oldEmail = body.staryEmail ? normaliseEmail(body.staryEmail) : '';
  if (oldEmail && oldEmail !== user.email) {
    throw badRequest(msg.oldEmailMismatch, { staryEmail: msg.oldEmailMismatch });
  }
  if (newEmail === user.email) throw badRequest(msg.sameEmail, { NowyEmail: msg.sameEmail });
  if (await repo.emailTaken(app.db, org.id, newEmail))
    throw badRequest(msg.emailTaken, { NowyEmail: msg.emailTaken });
  const storefront = await storefrontUrl(ctx);
  await app.db.transaction(async (tx) => {
    const token = await issueToken(tx, org, user.id, 'email', { newEmail });
    const link = `${storefront}/potwierdz-nowy-adres-email/${token}`;
    await sendBudgeted(tx, org, changeEmailMail({ to: newEmail, shopName: org.name, newEmail, link }));
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
      // A reset link sent to the old address must not open the account any more.
      await repo.consumeAllOfKind(tx, user.id, 'reset');
      // The old address hears of it: if someone else changed it, its owner can still react.
      await sendMail(
        tx,
        org,
        emailChangedNoticeMail({ to: user.email, shopName: org.name, firstName: user.firstName, newEmail }),
      );
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
