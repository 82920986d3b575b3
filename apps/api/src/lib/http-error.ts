import { msg } from '@club/contract';

/** An expected failure with a Polish message for the user; becomes `{ Message, Fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = msg.invalidRequest, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = () => new HttpError(401, msg.unauthorized);
export const forbidden = (message: string = msg.forbidden) => new HttpError(403, message);
export const notFound = (message: string = msg.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
