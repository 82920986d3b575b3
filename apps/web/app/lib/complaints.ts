import { ORG_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { storage } from './storage.ts';

/**
 * What the API client does for JSON calls, for the two calls it cannot make: the complaint form
 * (multipart, with photos) and the complaint's photos (private images, read with the ticket).
 */
const headers = (method: string): Record<string, string> => {
  const token = storage.token();
  const xsrf = document.cookie.match(new RegExp(`(?:^|; )${XSRF_COOKIE}=([^;]*)`))?.[1];
  return {
    [ORG_HEADER]: document.body.dataset.club ?? '',
    ...(token && { authorization: `Bearer ${token}` }),
    ...(method !== 'GET' && xsrf && { [XSRF_HEADER]: decodeURIComponent(xsrf) }),
  };
};

const S = '/api/centauri/sklepyonline';

/** Files a complaint; resolves to the API's Polish message on refusal. */
export const sendComplaint = async (
  orderId: number,
  form: FormData,
): Promise<{ ok: true } | { ok: false; message: string }> => {
  const res = await fetch(`${S}/zamowienie/${orderId}/reklamacje`, {
    method: 'POST',
    body: form,
    headers: headers('POST'),
  });
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { Message?: string } | null;
  return { ok: false, message: body?.Message ?? '' };
};

/** A private photo as an object URL for an <img> (revoke it when done). */
export const complaintPhotoUrl = async (url: string): Promise<string | null> => {
  const res = await fetch(url, { headers: headers('GET') });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
};
