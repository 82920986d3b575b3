import { randomBytes } from 'node:crypto';
import { msg, type PanelPayments, type ShippingOption } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisations } from '../src/db/schema.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop, panelLogin } from './fixtures/panel.ts';
import { expectOutsidersRefused, type PanelCall } from './fixtures/panel-access.ts';
import { createTestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const PAY = `${PANEL}/payments`;
const PAYU = {
  posId: '300746',
  clientId: '300746',
  clientSecret: '2ee86a66e5d97e3fadc400c9f19b065d',
  secondKey: 'b6ca15b0d1020e8094d9b5f8d163db54',
};
const SECRETS_KEY = randomBytes(32).toString('base64');

let { t, owner, manager, rival } = {} as PanelShop;
let payu: FakePayu;
let ticket: string;
let product: Awaited<ReturnType<typeof checkout.loadCatalogue>>;
const logLines: string[] = [];
beforeAll(async () => {
  payu = await startFakePayu(PAYU);
  ({ t, owner, manager, rival } = await openPanelShop(
    {},
    {
      env: { SECRETS_KEY, PAYU_BASE_URL: payu.url },
      logStream: { write: (l) => void logLines.push(l) },
    },
  ));
  ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
  product = await checkout.loadCatalogue(t);
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});

const save = (body: unknown, p: PanelClient = owner) => p.fetch(`${PAY}/payu`, { method: 'PUT', json: body });
const test = (body?: unknown, p: PanelClient = owner) =>
  p.fetch(`${PAY}/payu/test`, { method: 'POST', ...(body !== undefined && { json: body }) });
const stored = async (alias = 'demo') =>
  (await t.database.db.select().from(organisations).where(eq(organisations.alias, alias)))[0]!;
const paymentAudits = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'payments')).orderBy(auditLog.id);
const shipping = async () => checkout.json<ShippingOption[]>(await t.fetch(`${checkout.S}/getwysylki`));
/** A guest order of one mug with the courier: 10 online (PayU), 20 cash on delivery. */
const order = async (Platnosc: 10 | 20) => {
  const courier = (await shipping()).find((o) => o.Tresc === 'Kurier DPD')!;
  const guid = await checkout.makeCart(t, [checkout.line(product('Kubek z herbem'))]);
  return { guid, res: await checkout.place(t, checkout.orderBody(guid, courier, { Platnosc })) };
};
const config = { PosId: PAYU.posId, ClientId: PAYU.clientId, Sandbox: true };

describe('PayU per club (owner only)', () => {
  it('starts with no configuration of its own: the demo provider takes online payments', async () => {
    expect(await checkout.json<PanelPayments>(await owner.fetch(PAY))).toEqual({
      PayU: {
        Skonfigurowane: false,
        PosId: '',
        ClientId: '',
        Sandbox: true,
        ClientSecretUstawiony: false,
        DrugiKluczUstawiony: false,
      },
      Zrodlo: 'demo',
      PlatnoscPrzyOdbiorze: true,
    });
  });

  it('the first save needs both secrets', async () => {
    const res = await checkout.refused(await save(config), 400);
    expect(res).toEqual({
      Message: msg.payuSecretsRequired,
      Fields: { ClientSecret: msg.payuSecretsRequired, DrugiKlucz: msg.payuSecretsRequired },
    });
    expect((await stored()).payuConfig).toBeNull();
  });

  it('saves the secrets encrypted, answers only whether they are set, audits them as ***', async () => {
    const out = await checkout.json<PanelPayments>(
      await save({ ...config, ClientSecret: PAYU.clientSecret, DrugiKlucz: PAYU.secondKey }),
    );
    expect(out).toEqual({
      PayU: {
        Skonfigurowane: true,
        PosId: PAYU.posId,
        ClientId: PAYU.clientId,
        Sandbox: true,
        ClientSecretUstawiony: true,
        DrugiKluczUstawiony: true,
      },
      Zrodlo: 'klub',
      PlatnoscPrzyOdbiorze: true,
    });
    const row = (await stored()).payuConfig!;
    expect(row.clientSecret).toMatch(/^enc:v1:/);
    expect(row.secondKey).toMatch(/^enc:v1:/);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(PAYU.clientSecret);
    expect(raw).not.toContain(PAYU.secondKey);
    const entry = (await paymentAudits()).at(-1)!;
    expect(entry).toMatchObject({
      action: 'create',
      entityId: 'payu',
      userEmail: 'kierownik@sokol-demo.pl',
      before: null,
      after: {
        PosId: PAYU.posId,
        ClientSecret: '***',
        DrugiKlucz: '***',
        NoweKlucze: ['ClientSecret', 'DrugiKlucz'],
      },
    });
  });

  it('uses the club’s PayU for orders: the payment is registered with its POS and verified with its key', async () => {
    const { guid, res } = await order(10);
    const url = await res.text();
    expect(res.status, url).toBe(200);
    expect(url).toMatch(new RegExp(`^${payu.url}/pay/`));
    const placed = (await checkout.orderOfCart(t.database.db, guid))!;
    expect(placed.paymentProvider).toBe('payu');
    const sent = payu.orders.get(placed.paymentExternalId!)!;
    expect(sent.body.merchantPosId).toBe(PAYU.posId);
    // A notification signed with the second key is accepted: the shop decrypted the right key.
    expect((await payu.notify(placed.paymentExternalId!, 'COMPLETED', t.url)).status).toBe(200);
    expect((await checkout.orderOfCart(t.database.db, guid))!.paymentStatus).toBe('COMPLETED');
  });

  it('a change without secrets keeps the stored ones', async () => {
    const before = (await stored()).payuConfig!;
    const out = await checkout.json<PanelPayments>(
      await save({ ...config, PosId: '145227', ClientSecret: '' }),
    );
    expect(out.PayU).toMatchObject({
      PosId: '145227',
      ClientSecretUstawiony: true,
      DrugiKluczUstawiony: true,
    });
    const after = (await stored()).payuConfig!;
    expect(after.clientSecret).toBe(before.clientSecret);
    expect(after.secondKey).toBe(before.secondKey);
    expect((await paymentAudits()).at(-1)).toMatchObject({
      action: 'update',
      before: { PosId: PAYU.posId, ClientSecret: '***' },
      after: { PosId: '145227', ClientSecret: '***' },
    });
    await checkout.json(await save(config));
  });

  it('tests the connection: a token from the saved configuration; a wrong secret is a Polish error', async () => {
    const before = payu.state.tokenRequests;
    expect(await checkout.json(await test())).toEqual({ Message: msg.payuTestOk });
    // PayU was asked, not a remembered token.
    expect(payu.state.tokenRequests).toBe(before + 1);
    expect(await checkout.json(await test())).toEqual({ Message: msg.payuTestOk });
    expect(payu.state.tokenRequests).toBe(before + 2);
    expect(await checkout.refused(await test({ ClientSecret: 'zlysekret1234' }), 400)).toEqual({
      Message: msg.payuTestRefused,
    });
    // The tried secret was not saved.
    expect(await checkout.json(await test())).toEqual({ Message: msg.payuTestOk });
    // Without a configuration: nothing to test; bad input: the contract's message.
    expect((await checkout.refused(await test(undefined, rival), 400)).Message).toBe(msg.payuNotConfigured);
    expect((await checkout.refused(await test({ PosId: 'abc' }), 400)).Fields).toEqual({
      PosId: msg.payuPosIdInvalid,
    });
  });

  it('an unreachable PayU is a 502 with a Polish message', async () => {
    const rivalId = (await stored('rywal')).id;
    await t.database.db
      .update(organisations)
      .set({ payuConfig: { ...PAYU, sandbox: true, baseUrl: 'http://127.0.0.1:9' } })
      .where(eq(organisations.id, rivalId));
    expect(await checkout.refused(await test(undefined, rival), 502)).toEqual({
      Message: msg.payuTestUnreachable,
    });
    await t.database.db.update(organisations).set({ payuConfig: null }).where(eq(organisations.id, rivalId));
  });

  it('never returns a secret: not the settings, the audit log nor the log lines', async () => {
    const answers = [
      await owner.fetch(PAY),
      await owner.fetch(`${PANEL}/audit?count=100`),
      await owner.fetch(`${PANEL}/audit?count=100&q=payments`),
    ];
    for (const res of answers) {
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(text).not.toContain(PAYU.clientSecret);
      expect(text).not.toContain(PAYU.secondKey);
      expect(text).not.toContain('enc:v1:');
    }
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(PAYU.clientSecret);
    expect(log).not.toContain(PAYU.secondKey);
    expect(log).not.toContain('zlysekret1234');
  });

  it('refuses bad input, managers, customers and other clubs', async () => {
    const bad = await checkout.refused(
      await save({ ...config, PosId: 'x1', ClientId: 'a b', DrugiKlucz: 'krótki' }),
      400,
    );
    expect(bad.Fields).toEqual({
      PosId: msg.payuPosIdInvalid,
      ClientId: msg.payuClientIdInvalid,
      DrugiKlucz: msg.payuKeyInvalid,
    });
    const calls: PanelCall[] = [
      ['GET', PAY],
      ['PATCH', PAY, { PlatnoscPrzyOdbiorze: false }],
      ['PUT', `${PAY}/payu`, { ...config, ClientSecret: 'obcysekret123' }],
      ['DELETE', `${PAY}/payu`],
      ['POST', `${PAY}/payu/test`, {}],
    ];
    await expectOutsidersRefused(t, calls, { ticket, rival, manager });
    expect((await stored()).payuConfig?.posId).toBe(PAYU.posId);
    expect((await stored()).cashOnDelivery).toBe(true);
  });
});

describe('cash on delivery on/off', () => {
  it('off: no option offers it and orders choosing it are refused; on again: accepted', async () => {
    const off = await checkout.json<PanelPayments>(
      await owner.fetch(PAY, { method: 'PATCH', json: { PlatnoscPrzyOdbiorze: false } }),
    );
    expect(off.PlatnoscPrzyOdbiorze).toBe(false);
    expect((await shipping()).every((o) => !o.PlatnoscPrzyOdbiorze)).toBe(true);
    expect((await checkout.refused((await order(20)).res, 400)).Fields).toEqual({
      Platnosc: msg.orderCashOnDeliveryUnavailable,
    });
    expect((await paymentAudits()).at(-1)).toMatchObject({
      action: 'update',
      entityId: 'cod',
      before: { PlatnoscPrzyOdbiorze: true },
      after: { PlatnoscPrzyOdbiorze: false },
    });
    await checkout.json(await owner.fetch(PAY, { method: 'PATCH', json: { PlatnoscPrzyOdbiorze: true } }));
    expect((await shipping()).find((o) => o.Tresc === 'Kurier DPD')?.PlatnoscPrzyOdbiorze).toBe(true);
    expect((await order(20)).res.status).toBe(200);
    expect(
      (
        await checkout.refused(
          await owner.fetch(PAY, { method: 'PATCH', json: { PlatnoscPrzyOdbiorze: 'nie' } }),
          400,
        )
      ).Message,
    ).toBe(msg.invalidRequest);
  });
});

describe('without SECRETS_KEY', () => {
  it('a process without the key cannot save secrets nor use the stored ones: online payment is refused, not sent elsewhere', async () => {
    const keyless = await createTestApp({}, { sameDatabaseAs: t, env: { PAYU_BASE_URL: payu.url } });
    try {
      const o = await panelLogin(keyless);
      expect(
        await checkout.refused(
          await o.fetch(`${PAY}/payu`, { method: 'PUT', json: { ...config, ClientSecret: 'nowysekret123' } }),
          503,
        ),
      ).toEqual({
        Message: msg.secretsKeyMissing,
      });
      const courier = (
        await checkout.json<ShippingOption[]>(await keyless.fetch(`${checkout.S}/getwysylki`))
      ).find((x) => x.Tresc === 'Kurier DPD')!;
      const guid = await checkout.makeCart(keyless, [checkout.line(product('Kubek z herbem'))]);
      const res = await checkout.place(keyless, checkout.orderBody(guid, courier, { Platnosc: 10 }));
      expect((await checkout.refused(res, 400)).Message).toBe(msg.onlinePaymentUnavailable);
    } finally {
      await keyless.close();
    }
  });
});

describe('removing the club’s PayU', () => {
  it('brings the demo provider back, audited without secrets', async () => {
    const out = await checkout.json<PanelPayments>(await owner.fetch(`${PAY}/payu`, { method: 'DELETE' }));
    expect(out).toMatchObject({
      PayU: { Skonfigurowane: false, ClientSecretUstawiony: false },
      Zrodlo: 'demo',
    });
    expect((await stored()).payuConfig).toBeNull();
    expect((await paymentAudits()).at(-1)).toMatchObject({
      action: 'delete',
      before: { ClientSecret: '***', DrugiKlucz: '***' },
      after: null,
    });
    const { guid, res } = await order(10);
    expect(res.status).toBe(200);
    expect((await checkout.orderOfCart(t.database.db, guid))!.paymentProvider).toBe('demo');
  });
});
