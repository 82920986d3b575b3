import { LOGO_UPLOAD_FIELD, type LogoKind, msg } from '@club/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { sellerWithTerms } from '../../lib/seller.ts';
import { acceptImageUploads, readImageUploads } from '../media/upload.ts';
import { auditActor } from './audit.ts';
import { checkDomainProof } from './domain-proof.ts';
import { renderLogoImage, replaceLogo } from './settings-logo.ts';
import { getSeller, updateSeller } from './settings-seller.ts';
import * as service from './settings-service.ts';

/**
 * The club's site settings, logos, domains and seller data. Managers edit the settings and logos;
 * domains (where the shop answers; each proven first, see domain-proof.ts) and the seller data
 * (NIP, bank account: what buyers pay to and invoices carry) only the owner changes. The public seller endpoint is here too, beside its data.
 */
const panelSettingsRoutes = async (app: FastifyInstance) => {
  // Only the logo upload parses multipart: registered inside this module's own scope.
  await acceptImageUploads(app, 1);

  // This process forgets its cached club at once; other processes hear the 'settings' notice.
  const refreshTenant = () => app.tenants.invalidate();

  /** A club's new logo (null: none) in one of its places, shown at once. */
  const setLogo = async (req: FastifyRequest & { params: { which: LogoKind } }, png: Buffer | null) => {
    const actor = await req.panelUser();
    const settings = await replaceLogo(
      app.db,
      app.media,
      req.log,
      { ...auditActor(actor), alias: actor.org.alias },
      req.params.which,
      png,
    );
    refreshTenant();
    return settings;
  };

  route(app, 'panelSettings', async (req) => service.getSettings(app.db, (await req.panelUser()).org.id));
  route(app, 'panelSettingsUpdate', async (req) => {
    const settings = await service.updateSettings(app.db, auditActor(await req.panelUser()), req.body);
    refreshTenant();
    return settings;
  });

  route(
    app,
    'panelLogoUpload',
    async (req) => {
      const [upload] = await readImageUploads(req as unknown as FastifyRequest, {
        fields: [LOGO_UPLOAD_FIELD],
        maxFiles: 1,
        prepare: (bytes) => renderLogoImage(bytes),
        notMultipart: msg.logoNotMultipart,
      });
      return setLogo(req, upload!.prepared);
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );
  route(app, 'panelLogoDelete', async (req) => setLogo(req, null));

  route(app, 'panelDomains', async (req) => service.listDomains(app.db, (await req.panelUser()).org.id));
  // A new domain waits for proof and routes nothing, so the tenant cache stays as it is.
  route(app, 'panelDomainCreate', async (req) =>
    service.claimDomain(app.db, auditActor(await req.panelOwner()), req.body.Host),
  );
  route(
    app,
    'panelDomainClaimVerify',
    async (req) => {
      const domain = await service.verifyDomainClaim(
        app.db,
        auditActor(await req.panelOwner()),
        req.params.id,
        (host, code) => checkDomainProof(host, code, app.config.domainCheck),
      );
      refreshTenant();
      return domain;
    },
    // Each check asks DNS and fetches from the club's server: a few a minute are plenty.
    { rateLimit: { max: 10, timeWindow: 60_000 } },
  );
  route(app, 'panelDomainClaimDelete', async (req, reply) => {
    await service.removeDomainClaim(app.db, auditActor(await req.panelOwner()), req.params.id);
    return reply.code(204).send();
  });
  route(app, 'panelDomainDelete', async (req, reply) => {
    await service.removeDomain(app.db, auditActor(await req.panelOwner()), req.params.id);
    refreshTenant();
    return reply.code(204).send();
  });

  route(app, 'panelSeller', async (req) => getSeller(app.db, (await req.panelUser()).org.id));
  route(app, 'panelSellerUpdate', async (req) => {
    const seller = await updateSeller(app.db, auditActor(await req.panelOwner()), req.body);
    refreshTenant();
    return seller;
  });
  route(app, 'getSeller', async (req) => sellerWithTerms(app.db, await req.org()));
};

export const panelSettingsModule = fp(panelSettingsRoutes, {
  name: 'panel-settings',
  dependencies: ['tenancy', 'panel-auth', 'media-storage'],
  encapsulate: true,
});
