import type { Socket } from 'node:net';
import { issuesToBody, msg, type ValidationIssue } from '@club/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { connectionLoss } from '../db/connection-errors.ts';
import { HashingBusyError } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-error.ts';
import { StorageUnavailable } from '../lib/storage-unavailable.ts';

type Issue = ValidationIssue;

/** The contract's rule, shared with the panel's forms. */
export { issuesToBody };

const codeToError: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, msg.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, msg.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, msg.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, msg.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, msg.invalidRequest],
  FST_ERR_CTP_INVALID_TYPE: [400, msg.invalidRequest],
};

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a value out of range, U+0000 in text, a bad
 * cast) anywhere in the error's causes: input that validation let through. The contract's schemas
 * should refuse such input first; this keeps a gap there a 400 instead of a 500.
 */
const dataException = (error: unknown): string | undefined => {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** What a storage failure's log line says: the call, the key and the cause's own words. */
export const storageFailure = (error: StorageUnavailable) => {
  const cause = error.cause as { name?: unknown; code?: unknown; message?: unknown } | undefined;
  return {
    operation: error.operation,
    key: error.key,
    ...(typeof cause?.name === 'string' && { name: cause.name }),
    ...(typeof cause?.code === 'string' && { code: cause.code }),
    message: String(cause?.message ?? error.message),
  };
};

/** Errors Fastify raises before routing (bad percent-encoding, an over-long path parameter). */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ Message: msg.tooLong });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ Message: msg.invalidRequest });
  return reply.status(500).send({ Message: msg.serverError });
};

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', msg.requestHeadersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', msg.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an 80 kB address, a broken request
 * line, a request not sent in time): Fastify's own answer is in English and another shape, so the
 * socket gets the API's `{ Message }` in Polish instead.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    msg.invalidRequest,
  ];
  const body = JSON.stringify({ Message: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One error shape for every failure; never a stack trace, never a 5xx for bad input. */
const errorsHooks = async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Too many passwords being checked at once: refused at once rather than queued without limit.
    if (error instanceof HashingBusyError) {
      request.log.warn({ lane: error.lane }, 'password hashing busy');
      return reply.status(503).header('retry-after', '5').send({ Message: msg.serverBusy });
    }
    if (error instanceof HttpError) {
      // Every 503 of the shop means "busy or away for a moment".
      if (error.statusCode === 503) reply.header('retry-after', '5');
      return reply
        .status(error.statusCode)
        .send({ Message: error.message, ...(error.fields && { Fields: error.fields }) });
    }
    // The media storage is away (S3 down or hung, a disk failing): before the database check,
    // whose codes (ETIMEDOUT, ECONNRESET) its causes share.
    if (error instanceof StorageUnavailable) {
      request.log.warn({ storage: storageFailure(error) }, 'media storage unavailable');
      return reply.status(503).header('retry-after', '5').send({ Message: msg.mediaStorageUnavailable });
    }
    // The database is away (restart, terminated connection, timeout): the pool reconnects by itself.
    const lost = connectionLoss(error);
    if (lost) {
      request.log.warn({ db: lost }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ Message: msg.databaseUnavailable });
    }
    const dataCode = dataException(error);
    if (dataCode) {
      request.log.warn({ err: error }, 'database refused a value the validation let through');
      return reply.status(400).send({ Message: msg.invalidRequest });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(issuesToBody(error.validation as Issue[]));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(issuesToBody(error.issues as Issue[]));
    }
    if (error instanceof SyntaxError) {
      return reply.status(400).send({ Message: msg.invalidJson });
    }
    const mapped = error.code ? codeToError[error.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send({ Message: mapped[1] });
    if (error.statusCode === 429) return reply.status(429).send({ Message: msg.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ Message: error.statusCode === 404 ? msg.notFound : msg.invalidRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ Message: msg.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ Message: msg.notFound }));
};

export const errorsPlugin = fp(errorsHooks, { name: 'errors', dependencies: [] });
