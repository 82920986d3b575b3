import { fillMessage, MAX_IMAGE_ASPECT, MAX_IMAGE_SIDE_PX, MAX_PHOTO_MB, msg } from '@club/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { checkImage, PhotoRejected } from './variants.ts';

/** Per file, before decoding: the same limit for every image upload of the panel. */
export const MAX_UPLOAD_BYTES = MAX_PHOTO_MB * 1024 * 1024;

/** The uploaded name as shown back in a message: no path, no control characters, bounded. */
export const shownName = (name: string | undefined) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .slice(0, 100) || 'bez nazwy';

/** The stored name: an ASCII slug of the uploaded one, always `.jpg` (uploads are re-encoded). */
export const imageFileName = (name: string | undefined, fallback = 'zdjecie') => {
  const stem = shownName(name)
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${stem || fallback}.jpg`;
};

/**
 * Lets the calling plugin's routes (and only them: multipart is registered in its own scope)
 * take uploads of at most `maxFiles` images of MAX_UPLOAD_BYTES each.
 */
export const acceptImageUploads = (app: FastifyInstance, maxFiles: number) =>
  app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: maxFiles + 10,
      headerPairs: 50,
    },
  });

export type UploadedImage<T> = {
  /** The multipart field the file came in. */
  field: string;
  /** The stored file name (imageFileName of the uploaded one). */
  fileName: string;
  /** What `prepare` made of the bytes (rendered variants, a re-encoded image...). */
  prepared: T;
};

const rejection = (err: PhotoRejected, plik: string) => {
  const size = { szerokosc: String(err.size?.width ?? 0), wysokosc: String(err.size?.height ?? 0) };
  switch (err.problem) {
    case 'type':
      return new HttpError(415, fillMessage(msg.photoWrongType, { plik }));
    case 'pixels':
      return new HttpError(413, fillMessage(msg.photoTooManyPixels, { plik }));
    case 'side':
      return new HttpError(
        413,
        fillMessage(msg.imageSideTooLong, { plik, ...size, px: String(MAX_IMAGE_SIDE_PX) }),
      );
    case 'aspect':
      return new HttpError(
        413,
        fillMessage(msg.imageTooElongated, { plik, ...size, ile: String(MAX_IMAGE_ASPECT) }),
      );
    default:
      return badRequest(fillMessage(msg.photoCorrupt, { plik }));
  }
};

/** A refused upload as the Polish error the client gets. */
const uploadError = (err: unknown, current: string, opts: { maxFiles: number; notMultipart: string }) => {
  if (err instanceof HttpError) return err;
  if (err instanceof PhotoRejected) return rejection(err, current);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, fillMessage(msg.photoTooLarge, { plik: current, mb: String(MAX_PHOTO_MB) }));
  if (code === 'FST_FILES_LIMIT')
    return new HttpError(413, fillMessage(msg.photoTooManyFiles, { ile: String(opts.maxFiles) }));
  // Malformed multipart, too many fields or parts.
  return badRequest(opts.notMultipart);
};

/**
 * Reads every file of a multipart upload in one of `fields`, checks and prepares each as it
 * arrives (so at most one file's bytes are held at a time) and refuses the whole upload at the
 * first bad file. Files in other fields are skipped unread. At least one file is required.
 * `prepare` runs in the process's image queue (`app.imageJobs`): a file is checked from its header
 * first, then waits its turn to be decoded; a full queue refuses it with a Polish 503.
 */
export const readImageUploads = async <T>(
  request: FastifyRequest,
  opts: {
    fields: readonly string[];
    maxFiles: number;
    prepare: (bytes: Buffer, field: string) => Promise<T>;
    /** Said when the request is not multipart (names the field the client should use). */
    notMultipart: string;
    /** Receives the form's text fields (skipped when not given). */
    onField?: (name: string, value: string) => void;
  },
): Promise<UploadedImage<T>[]> => {
  if (!request.isMultipart()) throw new HttpError(415, opts.notMultipart);
  const jobs = request.server.imageJobs;
  const out: UploadedImage<T>[] = [];
  let current = '';
  // The first refusal is kept while the rest of the body is read and dropped: a reply sent over
  // unread bytes makes the socket close with a reset, and the client sees that, not the message.
  let refusal: unknown = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') opts.onField?.(part.fieldname, part.value);
        continue;
      }
      if (refusal !== null || !opts.fields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      current = shownName(part.filename);
      try {
        // A full queue refuses before the file is read into memory.
        jobs.assertRoom();
        const bytes = await part.toBuffer();
        if (!bytes.length) throw badRequest(fillMessage(msg.photoCorrupt, { plik: current }));
        await checkImage(bytes);
        const field = part.fieldname;
        out.push({
          field,
          fileName: imageFileName(part.filename),
          prepared: await jobs.run(() => opts.prepare(bytes, field)),
        });
      } catch (err) {
        if (!(err instanceof HttpError || err instanceof PhotoRejected)) throw err;
        refusal = err;
        part.file.resume();
      }
    }
  } catch (err) {
    throw uploadError(err, current, opts);
  }
  if (refusal !== null) throw uploadError(refusal, current, opts);
  if (!out.length) throw badRequest(msg.photoNoFiles);
  return out;
};
