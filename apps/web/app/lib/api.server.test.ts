import type { ApiTransport } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { getApi, requestApi } from './api.server.ts';

const settings = {
  OrganizacjaAlias: 'demo',
  Nazwa: 'MKS Sokół Demo',
  Title: 'Sklep',
  Description: 'Opis',
  Opcje: [],
  Mapa: '',
  Pola: [],
  PolaWymagane: [],
};

/** A fake in-process API that records what the web sends (it is handed paths, as the server's transport is). */
const fakeApi = () => {
  const calls: { path: string; headers: Headers }[] = [];
  const apiFetch: ApiTransport = async (path, init) => {
    calls.push({ path, headers: new Headers(init.headers) });
    const body = path === '/api/cms/stronyfrontend/get' ? settings : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { calls, apiFetch };
};

describe('getApi', () => {
  it('resolves the tenant by host first, then sends its alias on shop calls', async () => {
    const { calls, apiFetch } = fakeApi();
    const api = getApi(new Request('http://sklep-a.example:8080/'), { apiFetch });
    await api.call('getProducts', { params: { offset: '0', count: '8' } });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/cms/stronyfrontend/get',
      '/api/centauri/sklepyonline/getProdukty/0/8',
    ]);
    expect(calls[0]!.headers.get('x-origin')).toBe('sklep-a.example:8080');
    expect(calls[0]!.headers.get('organizacja')).toBeNull();
    expect(calls[1]!.headers.get('organizacja')).toBe('demo');
    expect(calls[1]!.headers.get('x-origin')).toBeNull();
  });

  it('caches site settings per host', async () => {
    const { calls, apiFetch } = fakeApi();
    await getApi(new Request('http://cache-a.example/'), { apiFetch }).settings();
    await getApi(new Request('http://cache-a.example/produkty'), { apiFetch }).settings();
    await getApi(new Request('http://cache-b.example/'), { apiFetch }).settings();
    expect(calls.map((c) => c.headers.get('x-origin'))).toEqual(['cache-a.example', 'cache-b.example']);
  });

  it('sends content calls with the host only', async () => {
    const { calls, apiFetch } = fakeApi();
    await getApi(new Request('http://content.example/'), { apiFetch }).call('getMenu', {
      params: { menuId: '10' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/cms/panelemenufrontend/get/10');
    expect(calls[0]!.headers.get('x-origin')).toBe('content.example');
  });

  it('caches site settings per club when the server names it, so junk Host values share one entry', async () => {
    const { calls, apiFetch } = fakeApi();
    const site = { alias: `klub-${Math.random()}`, url: 'https://klub.example' };
    for (const host of ['a.example', 'b.example', 'klub.example']) {
      const api = getApi(new Request(`http://${host}/`), { apiFetch, site });
      expect(api.siteKey).toBe(`club:${site.alias}`);
      await api.settings();
    }
    expect(calls.filter((c) => c.path === '/api/cms/stronyfrontend/get')).toHaveLength(1);
  });
});

describe('requestApi', () => {
  it('builds one API per request context, so its loaders resolve the club once', async () => {
    const { calls, apiFetch } = fakeApi();
    const request = new Request(`http://once-${Math.random()}.example/`);
    const context = { apiFetch };
    const first = requestApi({ request, context });
    expect(requestApi({ request, context })).toBe(first);
    expect(requestApi({ request, context: { apiFetch } })).not.toBe(first);
    await first.call('getProducts', { params: { offset: '0', count: '8' } });
    await requestApi({ request, context }).call('getShipping');
    expect(calls.filter((c) => c.path === '/api/cms/stronyfrontend/get')).toHaveLength(1);
  });

  it("names the club's site origin from the context, not from the request's host", () => {
    const { apiFetch } = fakeApi();
    const request = new Request('http://spoofed.example/x');
    expect(
      requestApi({ request, context: { apiFetch, site: { alias: 'demo', url: 'https://sklep.klub.pl' } } })
        .origin,
    ).toBe('https://sklep.klub.pl');
  });
});
