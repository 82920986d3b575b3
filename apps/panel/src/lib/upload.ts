import { XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { readCookie } from '../api.ts';

/** A failed upload: the HTTP status (0: no answer) and the server's Polish message, if any. */
export type UploadError = { status: number; message?: string };

/**
 * Multipart upload with progress: fetch cannot report upload progress, so uploads go through
 * XMLHttpRequest (a path from the contract's table, the same session cookie and XSRF pair as
 * the API client). Resolves with the JSON answer; rejects with an UploadError.
 */
export const uploadWithProgress = <T>(path: string, form: FormData, onProgress: (percent: number) => void) =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject({
          status: xhr.status,
          message: (body as { Message?: string } | undefined)?.Message,
        } satisfies UploadError);
    };
    xhr.onerror = () => reject({ status: 0 } satisfies UploadError);
    xhr.send(form);
  });
