import { COMPLAINT_PHOTO_FIELD, ComplaintFormSchema, MAX_COMPLAINT_PHOTOS, msg } from '@club/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import { acceptImageUploads, readImageUploads } from '../media/upload.ts';
import { renderWebImage } from '../media/variants.ts';
import {
  complaintPhotoKey,
  complaintStep,
  fileComplaint,
  orderComplaints,
  panelComplaint,
  panelComplaints,
  refundComplaint,
  urgentComplaints,
} from './service.ts';

/** Long enough to see a defect, small enough that a phone photo is not kept at 12 MP. */
const PHOTO_MAX_SIDE = 1600;

/** The form's fields and its photos, each checked by its content and re-encoded (no EXIF, no GPS). */
const readComplaint = async (request: FastifyRequest) => {
  const fields: Record<string, string[]> = {};
  const photos = request.isMultipart()
    ? await readImageUploads(request, {
        fields: [COMPLAINT_PHOTO_FIELD],
        maxFiles: MAX_COMPLAINT_PHOTOS,
        prepare: (bytes) => renderWebImage(bytes, PHOTO_MAX_SIDE),
        notMultipart: msg.complaintNotMultipart,
        onField: (name, value) => {
          fields[name] = [...(fields[name] ?? []), value];
        },
      }).catch((err) => {
        // Photos are optional: a form without any is fine.
        if (err?.message === msg.photoNoFiles) return [];
        throw err;
      })
    : null;
  if (!photos) throw new HttpError(415, msg.complaintNotMultipart);
  const parsed = ComplaintFormSchema.safeParse({
    Linie: fields.Linie ?? [],
    Opis: fields.Opis?.[0],
    Zadanie: fields.Zadanie?.[0],
  });
  if (!parsed.success) {
    const byField = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    throw badRequest(parsed.error.issues[0]!.message, byField);
  }
  return { form: parsed.data, photos: photos.map((p) => p.prepared) };
};

/** Private: never cached by a shared cache, never rendered as anything but an image. */
const sendPhoto = async (app: FastifyInstance, reply: FastifyReply, key: string) => {
  const object = await app.media.get(key);
  if (!object) throw notFound(msg.notFound);
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .type(object.contentType)
    .header('content-length', object.size)
    .send(object.body);
};

const complaintsRoutes = async (app: FastifyInstance) => {
  // Only these routes parse multipart: registered inside this module's own scope.
  await acceptImageUploads(app, MAX_COMPLAINT_PHOTOS);

  route(
    app,
    'fileComplaint',
    async (request) => {
      const [org, user] = await Promise.all([request.org(), request.requireUser()]);
      const { form, photos } = await readComplaint(request as unknown as FastifyRequest);
      return fileComplaint(app.db, app.media, request.log, org, user.id, request.params.id, form, photos);
    },
    // It mails and stores images: a few per hour per account is plenty for a person.
    { rateLimit: { max: 10, timeWindow: 60_000 }, accountRateLimit: { max: 5, timeWindow: 3_600_000 } },
  );
  route(app, 'getOrderComplaints', async (request) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    return orderComplaints(app.db, org, user.id, request.params.id);
  });
  route(app, 'getComplaintPhoto', async (request, reply) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    const key = await complaintPhotoKey(app.db, org.id, request.params.id, request.params.photoId, user.id);
    return sendPhoto(app, reply, key);
  });

  route(app, 'panelComplaints', async (request) =>
    panelComplaints(app.db, await request.panelUser(), request.query.stan),
  );
  route(app, 'panelComplaintsSummary', async (request) => ({
    Pilne: await urgentComplaints(app.db, (await request.panelUser()).org.id),
  }));
  route(app, 'panelComplaint', async (request) =>
    panelComplaint(app.db, await request.panelUser(), request.params.id),
  );
  route(
    app,
    'panelComplaintStep',
    async (request) => {
      // Refunding moves money: owners only (decision 050); the other steps any manager.
      const actor =
        request.body.Stan === 'zwrot_pieniedzy' ? await request.panelOwner() : await request.panelUser();
      return request.body.Stan === 'zwrot_pieniedzy'
        ? refundComplaint(
            { db: app.db, payments: app.payments, log: app.log },
            actor,
            request.params.id,
            request.body,
          )
        : complaintStep(app.db, actor, request.params.id, request.body);
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
  route(app, 'panelComplaintPhoto', async (request, reply) => {
    const actor = await request.panelUser();
    const key = await complaintPhotoKey(app.db, actor.org.id, request.params.id, request.params.photoId);
    return sendPhoto(app, reply, key);
  });
};

export const complaintsModule = fp(complaintsRoutes, {
  name: 'complaints',
  dependencies: ['tenancy', 'auth', 'panel-auth', 'media-storage', 'rate-limit'],
  encapsulate: true,
});
