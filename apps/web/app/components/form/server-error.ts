import { ApiClientError, msg } from '@club/contract';

/** The server's Polish message of a failed call (spec 8: "server error text"), else 'Wystąpił błąd'. */
export const serverMessage = (err: unknown): string =>
  err instanceof ApiClientError && err.body.Message ? err.body.Message : msg.genericError;
