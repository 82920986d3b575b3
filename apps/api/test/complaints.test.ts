// Complaints (reklamacje): a buyer files one from their own order with photos over multipart; the
// club answers it step by step in the panel, and the buyer hears of each step by e-mail.
import {
  COMPLAINT_PHOTO_FIELD,
  type Complaint,
  fillMessage,
  MAX_PHOTO_MB,
  msg,
  type PanelComplaint,
  type PanelOrderRefunds,
} from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, orderLines, orders, productParameters, products } from '../src/db/schema.ts';
import { type FakeSmtp, readMessage, startSmtp } from './fakes/smtp-server.ts';
import { eventually } from './fixtures/checkout.ts';
import { insertOrder, orgIdOf, otherCustomerOf, ticketFor, userOf } from './fixtures/orders.ts';
import { type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const S = '/api/centauri/sklepyonline';
const PANEL = '/api/panel/complaints';

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();

const complaintForm = (o: {
  lines: number[];
  opis?: string;
  zadanie?: string;
  files?: { bytes: Buffer; name: string; type: string }[];
}) => {
  const f = new FormData();
  for (const l of o.lines) f.append('Linie', String(l));
  f.append('Opis', o.opis ?? 'Szew na rękawie puścił po pierwszym praniu.');
  f.append('Zadanie', o.zadanie ?? 'wymiana');
  for (const file of o.files ?? [])
    f.append(COMPLAINT_PHOTO_FIELD, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
};

describe('complaints', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let ticket: string;
  let owner: PanelClient;
  let manager: PanelClient;
  let rival: PanelClient;
  let orderId: number;
  let lineIds: number[];
  /** The size the first line is of: a replacement takes its new unit from it. */
  let size: { id: number; productId: number };

  const mailsTo = async (address: string, count: number) => {
    await t.drainMail();
    return eventually(async () => {
      const all = await Promise.all(smtp.received.map(readMessage));
      const mine = all.filter((m) => m.to === address);
      if (mine.length < count) throw new Error(`${mine.length} of ${count} mails to ${address}`);
      return mine;
    });
  };

  const file = (id: number, body: FormData, tk = ticket) =>
    t.fetch(`${S}/zamowienie/${id}/reklamacje`, { method: 'POST', body, ticket: tk });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const user = await userOf(t.database.db, 'demo', DEMO_CUSTOMER.email);
    const order = await insertOrder(t.database.db, {
      organisationId: await orgIdOf(t.database.db, 'demo'),
      userId: user.id,
      number: 'R/2026/1',
      status: 40,
      lines: [
        {
          productId: null,
          productName: 'Koszulka domowa',
          parameterName: 'L',
          quantity: 1,
          unitPrice: 19900,
        },
        { productId: null, productName: 'Szalik', quantity: 2, unitPrice: 4900 },
      ],
    });
    orderId = order.id;
    const rows = await t.database.db.query.orderLines.findMany({
      where: (l, { eq }) => eq(l.orderId, orderId),
      orderBy: (l, { asc }) => asc(l.id),
    });
    lineIds = rows.map((r) => r.id);
    // The first line is of a real product's size, with stock for one replacement.
    const [option] = await t.database.db
      .select({ id: productParameters.id, productId: productParameters.productId })
      .from(productParameters)
      .where(eq(productParameters.organisationId, await orgIdOf(t.database.db, 'demo')))
      .limit(1);
    size = option!;
    await setStock(1);
    await t.database.db
      .update(orderLines)
      .set({ productId: size.productId, parameterId: size.id })
      .where(eq(orderLines.id, lineIds[0]!));
    owner = await panelLogin(t);
    manager = await panelLogin(t, { role: 'manager' });
    rival = await panelLogin(t, { org: 'rywal' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The size's stock, and the product's total kept the sum of its sizes. */
  const setStock = async (n: number) => {
    const db = t.database.db;
    await db.update(productParameters).set({ stock: n }).where(eq(productParameters.id, size.id));
    await db
      .update(products)
      .set({
        stock: sql`(select sum(${productParameters.stock}) from ${productParameters} where ${productParameters.productId} = ${size.productId})`,
      })
      .where(eq(products.id, size.productId));
  };
  const stock = async () => {
    const db = t.database.db;
    const [option] = await db.select().from(productParameters).where(eq(productParameters.id, size.id));
    const [product] = await db.select().from(products).where(eq(products.id, size.productId));
    const [sum] = await db
      .select({ n: sql<number>`sum(${productParameters.stock})::int` })
      .from(productParameters)
      .where(eq(productParameters.productId, size.productId));
    expect(product!.stock).toBe(sum!.n);
    return option!.stock;
  };

  let filed: Complaint;

  it('files a complaint with a photo and acknowledges it by e-mail at once, with the 14-day deadline', async () => {
    const res = await file(
      orderId,
      complaintForm({
        lines: [lineIds[0]!],
        files: [{ bytes: await photo(), name: 'szew.jpg', type: 'image/jpeg' }],
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    filed = (await res.json()) as Complaint;
    expect(filed).toMatchObject({
      Stan: 'przyjeta',
      Zadanie: 'wymiana',
      NumerZamowienia: 'R/2026/1',
      Pozycje: [{ Id: lineIds[0], Nazwa: 'Koszulka domowa - L', Ilosc: 1 }],
    });
    expect(filed.Zdjecia).toHaveLength(1);
    const deadline = new Date(filed.Termin).getTime() - new Date(filed.Data).getTime();
    expect(deadline).toBeGreaterThan(14 * 86_400_000 - 1);
    expect(deadline).toBeLessThan(15 * 86_400_000);

    const [ack] = await mailsTo('kibic@example.pl', 1);
    expect(ack!.subject).toBe('Przyjęliśmy reklamację do zamówienia R/2026/1');
    expect(ack!.text).toContain('uważa się za uznaną');
    expect(ack!.text).toMatch(/Odpowiemy najpóźniej do \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);

    // The buyer sees it in the account.
    const forOrder = (await (await t.fetch(`${S}/zamowienie/${orderId}/reklamacje`, { ticket })).json()) as {
      Pozycje: { Id: number }[];
      Reklamacje: Complaint[];
    };
    expect(forOrder.Pozycje.map((l) => l.Id)).toEqual(lineIds);
    expect(forOrder.Reklamacje.map((c) => c.Id)).toEqual([filed.Id]);
  });

  it('serves the photo to its buyer and the staff only, never under /static', async () => {
    const url = filed.Zdjecia[0]!.Url;
    const own = await t.fetch(url, { ticket });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe('jpeg');

    expect((await t.fetch(url)).status).toBe(401);
    const stranger = await otherCustomerOf(t.database.db, 'demo');
    expect((await t.fetch(url, { ticket: await t.app.sessions.create(stranger) })).status).toBe(404);

    const staffUrl = `${PANEL}/${filed.Id}/photos/${filed.Zdjecia[0]!.Id}`;
    expect((await manager.fetch(staffUrl)).status).toBe(200);
    expect((await rival.fetch(staffUrl)).status).toBe(404);

    const [row] = await t.database.db.query.complaintPhotos.findMany({
      where: (p, { eq }) => eq(p.complaintId, filed.Id),
    });
    expect(row!.key.startsWith('_reklamacje/')).toBe(true);
    expect((await t.fetch(`/static/${row!.key}`)).status).toBe(404);
    expect((await t.fetch(`/static/%5Freklamacje/${row!.key.slice('_reklamacje/'.length)}`)).status).toBe(
      404,
    );
  });

  it('refuses a file that is no image, whatever its name says, and an oversize one, in Polish', async () => {
    const fake = await file(
      orderId,
      complaintForm({
        lines: [lineIds[0]!],
        files: [
          { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'zdjecie.jpg', type: 'image/jpeg' },
        ],
      }),
    );
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.photoWrongType, { plik: 'zdjecie.jpg' }),
    );
    const big = Buffer.concat([await photo(), Buffer.alloc(MAX_PHOTO_MB * 1024 * 1024)]);
    const tooBig = await file(
      orderId,
      complaintForm({ lines: [lineIds[0]!], files: [{ bytes: big, name: 'duze.jpg', type: 'image/jpeg' }] }),
    );
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.photoTooLarge, { plik: 'duze.jpg', mb: String(MAX_PHOTO_MB) }),
    );
  });

  it('checks the form in Polish and refuses another customer’s order and foreign lines', async () => {
    const bad = await file(
      orderId,
      complaintForm({ lines: [lineIds[0]!], opis: 'zle', zadanie: 'pieniadze' }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Message: string }).Message).toBe(msg.complaintDescriptionTooShort);

    const stranger = await otherCustomerOf(t.database.db, 'demo');
    const strangerTicket = await t.app.sessions.create(stranger);
    const foreign = await file(orderId, complaintForm({ lines: [lineIds[0]!] }), strangerTicket);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { Message: string }).Message).toBe(msg.orderNotFound);
    expect((await t.fetch(`${S}/zamowienie/${orderId}/reklamacje`, { ticket: strangerTicket })).status).toBe(
      404,
    );

    const notInOrder = await file(orderId, complaintForm({ lines: [lineIds[0]! + 100_000] }));
    expect(notInOrder.status).toBe(400);
    expect(((await notInOrder.json()) as { Message: string }).Message).toBe(msg.complaintLineNotInOrder);
  });

  it('lists it in the panel with its clock; another club gets 404', async () => {
    const list = (await (await manager.fetch(`${PANEL}?stan=otwarte`)).json()) as {
      Reklamacje: PanelComplaint[];
    };
    const mine = list.Reklamacje.find((c) => c.Id === filed.Id)!;
    expect(mine).toMatchObject({
      Zegar: 'running',
      DniDoTerminu: 14,
      Ostrzezenie: false,
      Kroki: ['uznana', 'odrzucona'],
    });
    expect((await rival.fetch(`${PANEL}/${filed.Id}`)).status).toBe(404);
    const rivalStep = await rival.fetch(`${PANEL}/${filed.Id}/state`, {
      method: 'POST',
      json: { Stan: 'uznana' },
    });
    expect(rivalStep.status).toBe(404);
    const rivalList = (await (await rival.fetch(PANEL)).json()) as { Reklamacje: PanelComplaint[] };
    expect(rivalList.Reklamacje.map((c) => c.Id)).not.toContain(filed.Id);
  });

  it('walks the states, e-mailing each step, and refuses illegal steps', async () => {
    const step = (c: PanelClient, Stan: string, Powod?: string) =>
      c.fetch(`${PANEL}/${filed.Id}/state`, {
        method: 'POST',
        json: { Stan, ...(Powod !== undefined && { Powod }) },
      });
    const illegal = await step(manager, 'wymieniona');
    expect(illegal.status).toBe(409);
    expect(((await illegal.json()) as { Message: string }).Message).toBe(msg.complaintIllegalStep);

    expect((await step(manager, 'uznana')).status).toBe(200);
    expect((await step(manager, 'towar_otrzymany')).status).toBe(200);
    // The goods that came back are defective: they stay off stock (decision 139).
    expect(await stock()).toBe(1);
    const done = await step(manager, 'wymieniona');
    expect(done.status).toBe(200);
    // The new unit sent is taken from the size's stock.
    expect(await stock()).toBe(0);
    expect(((await done.json()) as PanelComplaint).Kroki).toEqual([]);
    expect((await step(manager, 'uznana')).status).toBe(409);

    const mails = await mailsTo('kibic@example.pl', 4);
    // The worker sends in parallel: the order of arrival is not the order of the steps.
    expect(
      mails
        .map((m) => m.subject)
        .slice(1)
        .toSorted(),
    ).toEqual([
      'Reklamacja do zamówienia R/2026/1: towar otrzymany',
      'Reklamacja do zamówienia R/2026/1: uznana',
      'Reklamacja do zamówienia R/2026/1: wymieniona',
    ]);
    const audit = await t.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.entity, 'complaint'), eq(a.entityId, String(filed.Id))),
    });
    expect(audit).toHaveLength(3);
    expect(audit.find((a) => (a.after as { Stan: string }).Stan === 'wymieniona')?.after).toMatchObject({
      ZMagazynu: [expect.stringContaining('× 1')],
    });
  });

  it('refuses a replacement in Polish when the size is sold out or the product is gone, and the complaint waits', async () => {
    const walk = async (line: number) => {
      const c = (await (await file(orderId, complaintForm({ lines: [line] }))).json()) as Complaint;
      for (const Stan of ['uznana', 'towar_otrzymany'])
        expect(
          (await manager.fetch(`${PANEL}/${c.Id}/state`, { method: 'POST', json: { Stan } })).status,
        ).toBe(200);
      return c;
    };
    const replace = (c: Complaint) =>
      manager.fetch(`${PANEL}/${c.Id}/state`, { method: 'POST', json: { Stan: 'wymieniona' } });
    const soldOut = await walk(lineIds[0]!);
    const refused = await replace(soldOut);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.complaintReplacementSoldOut, { produkt: 'Koszulka domowa - L' }),
    );
    expect(await stock()).toBe(0);
    const waiting = (await (await manager.fetch(`${PANEL}/${soldOut.Id}`)).json()) as PanelComplaint;
    expect(waiting.Stan).toBe('towar_otrzymany');
    // Stock back in: the same step now goes through and takes it.
    await setStock(2);
    expect((await replace(soldOut)).status).toBe(200);
    expect(await stock()).toBe(1);

    // The second line's product is no longer in the shop.
    const gone = await walk(lineIds[1]!);
    const noProduct = await replace(gone);
    expect(noProduct.status).toBe(409);
    expect(((await noProduct.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.complaintReplacementGone, { produkt: 'Szalik' }),
    );
  });

  it('counts the urgent complaints for the nav badge: this club only, logged in only', async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const demo = await orgIdOf(db, 'demo');
    const rivalOrg = await orgIdOf(db, 'rywal');
    const rivalOrder = await insertOrder(db, {
      organisationId: rivalOrg,
      userId: null,
      number: 'R/2026/9',
      lines: [{ productId: null, productName: 'Szalik', quantity: 1, unitPrice: 4900 }],
    });
    const count = async (c: PanelClient) => {
      const res = await c.fetch(`${PANEL}/summary`);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { Pilne: number }).Pilne;
    };
    const [before, rivalBefore] = [await count(manager), await count(rival)];
    const row = (org: number, order: number, ageDays: number, state = 'przyjeta') => ({
      organisationId: org,
      orderId: order,
      userId: null,
      lines: [{ Id: lineIds[1]!, Nazwa: 'Szalik', Ilosc: 2 }],
      description: 'Pękł szew na całej długości.',
      request: 'naprawa',
      state,
      history: [],
      createdAt: new Date(Date.now() - ageDays * day),
    });
    const [near, overdue] = await db
      .insert(complaints)
      .values([
        row(demo, orderId, 12),
        row(demo, orderId, 20),
        row(demo, orderId, 2),
        row(demo, orderId, 20, 'uznana'),
        row(rivalOrg, rivalOrder.id, 20),
      ])
      .returning({ id: complaints.id });
    // The demo club's near and overdue ones; the rival's overdue one is counted for the rival alone.
    expect(await count(manager)).toBe(before + 2);
    expect(await count(rival)).toBe(rivalBefore + 1);
    const anonymous = await t.fetch(`${PANEL}/summary`);
    expect(anonymous.status).toBe(401);

    // Answering one takes it off the count.
    expect(
      (await manager.fetch(`${PANEL}/${overdue!.id}/state`, { method: 'POST', json: { Stan: 'uznana' } }))
        .status,
    ).toBe(200);
    expect(await count(manager)).toBe(before + 1);
    await db.delete(complaints).where(and(eq(complaints.id, near!.id)));
  });

  it('needs a reason to reject, and mails the reason; only an owner records a refund', async () => {
    const res = await file(orderId, complaintForm({ lines: [lineIds[1]!], zadanie: 'obnizenie' }));
    const second = (await res.json()) as Complaint;
    const step = (c: PanelClient, Stan: string, Powod?: string) =>
      c.fetch(`${PANEL}/${second.Id}/state`, {
        method: 'POST',
        json: { Stan, ...(Powod !== undefined && { Powod }) },
      });
    const noReason = await step(manager, 'odrzucona', '   ');
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { Message: string }).Message).toBe(msg.complaintReasonRequired);

    const third = (await (
      await file(orderId, complaintForm({ lines: [lineIds[1]!], zadanie: 'naprawa' }))
    ).json()) as Complaint;
    const rejected = await manager.fetch(`${PANEL}/${third.Id}/state`, {
      method: 'POST',
      json: { Stan: 'odrzucona', Powod: 'Uszkodzenie mechaniczne powstałe po wydaniu towaru.' },
    });
    expect(rejected.status).toBe(200);
    const mails = await mailsTo('kibic@example.pl', 7);
    const last = mails.find((m) => m.subject === 'Reklamacja do zamówienia R/2026/1: odrzucona')!;
    expect(last.text).toContain('Uszkodzenie mechaniczne powstałe po wydaniu towaru.');

    // A price reduction is refunded straight after acceptance; money is the owner's step.
    expect((await step(manager, 'uznana')).status).toBe(200);
    expect((await step(manager, 'zwrot_pieniedzy')).status).toBe(403);
    // The money goes back through the order's payment: this one was paid on the demo provider.
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'COMPLETED', paymentExternalId: `demo-complaint-${second.Id}` })
      .where(eq(orders.id, orderId));
    const noAmount = await step(owner, 'zwrot_pieniedzy');
    expect(noAmount.status).toBe(400);
    expect(((await noAmount.json()) as { Message: string }).Message).toBe(
      msg.complaintReductionAmountRequired,
    );
    const reduced = await owner.fetch(`${PANEL}/${second.Id}/state`, {
      method: 'POST',
      json: { Stan: 'zwrot_pieniedzy', Kwota: 5 },
    });
    expect(reduced.status, await reduced.clone().text()).toBe(200);
    expect(((await reduced.json()) as { Stan: string }).Stan).toBe('zwrot_pieniedzy');
    const refunds = (await (
      await owner.fetch(`/api/panel/orders/${orderId}/refunds`)
    ).json()) as PanelOrderRefunds;
    expect(refunds.Zwroty.at(-1)).toMatchObject({
      Kwota: 5,
      Zrodlo: `Reklamacja nr ${second.Id}`,
      Pozycje: [],
    });
  });
});
