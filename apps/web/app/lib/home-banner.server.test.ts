import { ApiClientError } from '@club/contract';
import { describe, expect, it, vi } from 'vitest';
import type { WebApi } from './api.server.ts';
import { dropHomeBanners, homeBannerOf } from './home-banner.server.ts';

const banner = { Id: 10, Rodzaj: 1, Wysokosc: 400, Grafiki: [] };

/** An API for one site whose getBanner answers with the banner or fails with `status`. */
const fakeApi = (siteKey: string, status?: number) => {
  const call = vi.fn(async () => {
    if (status) throw new ApiClientError(status, { Message: 'x' });
    return banner;
  });
  return { api: { call, siteKey } as unknown as WebApi, call };
};

describe('homeBannerOf', () => {
  it('asks the API once per site within a few seconds', async () => {
    const a = fakeApi('club:a');
    expect(await homeBannerOf(a.api)).toEqual(banner);
    expect(await homeBannerOf(a.api)).toEqual(banner);
    expect(a.call).toHaveBeenCalledTimes(1);
    expect(a.call).toHaveBeenCalledWith('getBanner', { params: { panelId: expect.any(Number) } });
    const b = fakeApi('club:b');
    await homeBannerOf(b.api);
    expect(b.call).toHaveBeenCalledTimes(1);
  });

  it('keeps "no banner" (404) as null, and forgets a failure', async () => {
    const none = fakeApi('club:none', 404);
    expect(await homeBannerOf(none.api)).toBeNull();
    await homeBannerOf(none.api);
    expect(none.call).toHaveBeenCalledTimes(1);
    const failing = fakeApi('club:failing', 500);
    await expect(homeBannerOf(failing.api)).rejects.toThrow(ApiClientError);
    await expect(homeBannerOf(failing.api)).rejects.toThrow(ApiClientError);
    expect(failing.call).toHaveBeenCalledTimes(2);
  });

  it('asks again once a content change dropped the banners', async () => {
    const a = fakeApi('club:dropped');
    await homeBannerOf(a.api);
    dropHomeBanners();
    await homeBannerOf(a.api);
    expect(a.call).toHaveBeenCalledTimes(2);
  });
});
