import { type Endpoint, type EndpointName, endpoints, msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PanelClient, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/**
 * Every content endpoint of the panel (banners, menus, social links, sub-pages) with a valid
 * request, so that only who asks decides the answer: 401 without a panel session, 403 with a
 * customer's ticket and with another club's manager. The XSRF pair is always sent, so a 403 is
 * the panel's refusal, not the anti-forgery check's.
 */
const requests: Partial<Record<EndpointName, { params?: Record<string, string>; body?: unknown }>> = {
  panelBanner: { params: { panelId: '10' } },
  panelBannerUpdate: { params: { panelId: '10' }, body: { Wysokosc: 400 } },
  panelBannerSlideCreate: { params: { panelId: '10' }, body: {} },
  panelBannerSlideOrder: { params: { panelId: '10' }, body: { Kolejnosc: [1] } },
  panelBannerSlideUpdate: {
    params: { panelId: '10', slideId: '1' },
    body: {
      Nazwa: 'X',
      Tresc: '',
      Url: '',
      KolorText: '#ffffff',
      BgOpacity: 10,
      IsKolorMaski: false,
      KolorMaski: '#000000',
      BanerGrafikaPrzezroczystoscMaski: 20,
      PolozenieTextX: 10,
      PolozenieTextY: 10,
    },
  },
  panelBannerSlideImages: { params: { panelId: '10', slideId: '1' }, body: {} },
  panelBannerSlideMobileDelete: { params: { panelId: '10', slideId: '1' } },
  panelBannerSlideDelete: { params: { panelId: '10', slideId: '1' } },
  panelMenu: { params: { menuId: '10' } },
  panelMenuItemCreate: { params: { menuId: '10' }, body: { Tytul: 'X', Url: '/' } },
  panelMenuItemUpdate: { params: { menuId: '10', id: '1' }, body: { Tytul: 'X' } },
  panelMenuReorder: { params: { menuId: '10' }, body: { IdParent: null, Kolejnosc: [1] } },
  panelMenuItemDelete: { params: { menuId: '10', id: '1' } },
  panelLinkTargets: {},
  panelSocial: {},
  panelSocialUpdate: { body: { Linki: [] } },
  panelPages: {},
  panelPage: { params: { id: '1' } },
  panelPageCreate: { body: { Slug: 'nowa', Tytul: 'Nowa' } },
  panelPageUpdate: { params: { id: '1' }, body: { Slug: 'nowa', Tytul: 'Nowa' } },
  panelPageDelete: { params: { id: '1' } },
  panelPageImageUpload: { body: {} },
};

let t: TestApp;
let rival: PanelClient;
let ticket: string;
beforeAll(async () => {
  t = await createTestApp();
  rival = await panelLogin(t, { org: 'rywal' });
  ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
});
afterAll(() => t?.close());

const pathOf = (name: EndpointName) => {
  const params = requests[name]!.params ?? {};
  return endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => params[key]!);
};
const init = (name: EndpointName) => {
  const body = requests[name]!.body;
  return { method: endpoints[name].method, ...(body !== undefined && { json: body }) };
};

describe('panel content endpoints: who may', () => {
  it('covers every content endpoint of the panel', () => {
    const content = (Object.keys(endpoints) as EndpointName[]).filter((n) =>
      /^\/api\/panel\/(banners|menus|link-targets|social|pages)(\/|$)/.test(endpoints[n].path),
    );
    expect(Object.keys(requests).sort()).toEqual(content.sort());
    for (const name of content) expect((endpoints[name] as Endpoint).panel, name).toBe('manager');
  });

  it('answers 401 without a panel session', async () => {
    for (const name of Object.keys(requests) as EndpointName[]) {
      const res = await t.fetch(pathOf(name), {
        ...init(name),
        headers: panelHeaders(undefined, 'xsrf-0123456789'),
      });
      expect(res.status, name).toBe(401);
      expect(await res.json()).toEqual({ Message: msg.unauthorized });
    }
  });

  it("answers 403 to a customer's ticket and to another club's manager", async () => {
    for (const name of Object.keys(requests) as EndpointName[]) {
      const customer = await t.fetch(pathOf(name), {
        ...init(name),
        ticket,
        headers: panelHeaders(undefined, 'xsrf-0123456789'),
      });
      expect(customer.status, `${name} customer`).toBe(403);
      expect(await customer.json()).toEqual({ Message: msg.forbidden });
      const foreign = await rival.fetch(pathOf(name), { ...init(name), org: 'demo' });
      expect(foreign.status, `${name} rival`).toBe(403);
      expect(await foreign.json()).toEqual({ Message: msg.forbidden });
    }
  });
});
