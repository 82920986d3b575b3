import { ApiClientError } from '@club/contract';
import { describe, expect, it, vi } from 'vitest';
import type { WebApi } from './api.server.ts';
import { dropLayoutContent, layoutContent } from './layout-content.server.ts';

const menu = [{ Id: 1, Nazwa: 'Sklep', Url: '/produkty', NoweOkno: false, Podmenu: [] }];

/** An API whose calls answer by name; `fail` names the calls that fail with the given status. */
const fakeApi = (fail: Record<string, number> = {}) => {
  const call = vi.fn(async (name: string) => {
    if (fail[name]) throw new ApiClientError(fail[name], { Message: 'x' });
    if (name === 'getContentPage') return { Tresc: '<p>Stopka</p>' };
    return name === 'getMenu' ? menu : [];
  });
  return { api: { call, settings: vi.fn() } as unknown as WebApi, call };
};

describe('layoutContent', () => {
  it('loads menus, social links and footer text once per host within a few seconds', async () => {
    const { api, call } = fakeApi();
    const first = await layoutContent(api, 'cache-a.example');
    expect(first).toMatchObject({ menus: { main: menu }, footerText: '<p>Stopka</p>', complete: true });
    await layoutContent(api, 'cache-a.example');
    expect(call).toHaveBeenCalledTimes(5);
    await layoutContent(api, 'cache-b.example');
    expect(call).toHaveBeenCalledTimes(10);
  });

  it('treats a missing part (404) as empty and keeps it', async () => {
    const { api, call } = fakeApi({ getContentPage: 404 });
    expect(await layoutContent(api, 'missing.example')).toMatchObject({ footerText: '', complete: true });
    await layoutContent(api, 'missing.example');
    expect(call).toHaveBeenCalledTimes(5);
  });

  it('shows a failing part empty but asks again on the next page view', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api, call } = fakeApi({ getSocial: 500 });
    expect(await layoutContent(api, 'failing.example')).toMatchObject({ social: [], complete: false });
    await layoutContent(api, 'failing.example');
    expect(call).toHaveBeenCalledTimes(10);
  });

  it('loads anew after a change dropped the cache (the panel changed a menu, in any process)', async () => {
    const { api, call } = fakeApi();
    await layoutContent(api, 'dropped.example');
    await layoutContent(api, 'dropped.example');
    expect(call).toHaveBeenCalledTimes(5);
    dropLayoutContent();
    await layoutContent(api, 'dropped.example');
    expect(call).toHaveBeenCalledTimes(10);
  });
});
