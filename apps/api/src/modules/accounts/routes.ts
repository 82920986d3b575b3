import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { accountLimits, limits } from '../../plugins/rate-limit.ts';
import * as account from './service.ts';

const ctx = async (request: Pick<FastifyRequest, 'org' | 'server'>) => ({
  app: request.server,
  org: await request.org(),
});

/** Account API (`kontopanel`) and the account's profile and address (`sklepyonline`). */
const accountsRoutes = async (app: FastifyInstance) => {
  // The storefront posts `getprofileinfo` with no body but a JSON content type; Fastify's
  // parser rejects an empty JSON body, so in this module an empty body reads as `{}`.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    json(request, text, done);
  });

  route(app, 'register', async (req) => account.register(await ctx(req), req.body), {
    rateLimit: limits.register,
  });
  route(app, 'confirmAccount', async (req) => account.confirmAccount(await ctx(req), req.params.guid), {
    rateLimit: limits.confirmAccount,
  });
  route(app, 'login', async (req) => account.login(await ctx(req), req.body), { rateLimit: limits.login });
  // Each checks the current password (a scrypt): limited per address and per account.
  route(
    app,
    'changePassword',
    async (req) =>
      account.changePassword(await ctx(req), await req.requireUser(), req.body, req.bearerToken()),
    { rateLimit: limits.changePassword, accountRateLimit: accountLimits.passwordCheck },
  );
  route(app, 'remindPassword', async (req) => account.remindPassword(await ctx(req), req.body), {
    rateLimit: limits.remindPassword,
  });
  route(app, 'resendConfirmation', async (req) => account.resendConfirmation(await ctx(req), req.body), {
    rateLimit: limits.resendConfirmation,
  });
  route(app, 'remindPasswordSetNew', async (req) => account.remindPasswordSetNew(await ctx(req), req.body));
  route(
    app,
    'changeEmail',
    async (req) => account.changeEmail(await ctx(req), await req.requireUser(), req.body),
    { rateLimit: limits.changeEmail, accountRateLimit: accountLimits.passwordCheck },
  );
  route(app, 'changeEmailConfirm', async (req) =>
    account.changeEmailConfirm(await ctx(req), await req.requireUser(), req.params.hash),
  );
  route(app, 'getProfileInfo', async (req) => account.profileInfo(await req.requireUser()));
  route(app, 'getLoggedInUserInfo', async (req) => account.loggedInUserInfo(await req.requireUser()));
  // The contract marks it `auth`, so an unknown, expired or revoked ticket is a 401 before this runs.
  route(app, 'logout', async (req, reply) => {
    await account.logout(await ctx(req), req.bearerToken()!);
    return reply.code(204).send();
  });

  route(app, 'saveProfile', async (req) =>
    account.saveProfile(await ctx(req), await req.requireUser(), req.body),
  );
  route(app, 'getAddress', async (req) => account.address(await req.requireUser()));
};

export const accountsModule = fp(accountsRoutes, {
  name: 'accounts',
  dependencies: ['tenancy', 'auth', 'rate-limit'],
  encapsulate: true,
});
