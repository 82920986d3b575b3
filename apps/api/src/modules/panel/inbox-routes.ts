import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { inboxService } from './inbox-service.ts';

/** The panel's inbox: contact-form messages and press accreditation requests, read and handled state. */
const routes = async (app: FastifyInstance) => {
  const inbox = inboxService(app.db);
  route(app, 'panelInboxSummary', async (request) => inbox.summary((await request.panelUser()).org));
  route(app, 'panelInboxMessages', async (request) =>
    inbox.messages((await request.panelUser()).org, request.query),
  );
  route(app, 'panelInboxMessage', async (request) =>
    inbox.message((await request.panelUser()).org, request.params.id),
  );
  route(app, 'panelInboxMessageState', async (request) =>
    inbox.messageState(await request.panelUser(), request.params.id, request.body),
  );
  route(app, 'panelInboxAccreditations', async (request) =>
    inbox.accreditations((await request.panelUser()).org, request.query),
  );
  route(app, 'panelInboxAccreditation', async (request) =>
    inbox.accreditation((await request.panelUser()).org, request.params.id),
  );
  route(app, 'panelInboxAccreditationState', async (request) =>
    inbox.accreditationState(await request.panelUser(), request.params.id, request.body),
  );
};

export const panelInboxRoutes = fp(routes, {
  name: 'panel-inbox',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
