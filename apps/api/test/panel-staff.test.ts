import { msg, type PanelStaffMember } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, panelSessions, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { readableMail } from './fixtures/mail.ts';
import {
  type OwnerShop,
  openOwnerShop,
  PANEL,
  type PanelClient,
  panelHeaders,
  panelLogin,
} from './fixtures/panel.ts';
import { TEST_HASH_COST, TEST_PASSWORDS } from './passwords.ts';

const STAFF = `${PANEL}/staff`;

let { t, owner } = {} as OwnerShop;
beforeAll(async () => {
  ({ t, owner } = await openOwnerShop());
});
afterAll(() => t.close());

const add = (json: unknown, p: PanelClient = owner) => p.fetch(STAFF, { method: 'POST', json });
const setRole = (id: number, Rola: string, p: PanelClient = owner) =>
  p.fetch(`${STAFF}/${id}`, { method: 'PATCH', json: { Rola } });
const remove = (id: number, p: PanelClient = owner) => p.fetch(`${STAFF}/${id}`, { method: 'DELETE' });
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('staff (owner only)', () => {
  it('lists the club’s owners and managers, never customers', async () => {
    await panelLogin(t, { role: 'manager' });
    const res = await owner.fetch(STAFF);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { Items: PanelStaffMember[]; Total: number };
    expect(list.Items.map((s) => [s.Email, s.Rola])).toEqual([
      ['kierownik@sokol-demo.pl', 'owner'],
      ['zastepca@sokol-demo.pl', 'manager'],
    ]);
    expect(list.Total).toBe(2);
  });

  it('refuses managers (403 with a Polish message)', async () => {
    const manager = await panelLogin(t, { role: 'manager' });
    for (const res of [
      await manager.fetch(STAFF),
      await add({ Email: 'x@sokol-demo.pl', Imie: 'X', Nazwisko: 'Y' }, manager),
      await setRole(owner.user.Id, 'manager', manager),
      await remove(owner.user.Id, manager),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ Message: msg.panelOwnerOnly });
    }
  });

  it('adds a manager who gets an invitation, sets a password through it and logs in to the panel; audited', async () => {
    const res = await add({ Email: 'Nowa.Osoba@Sokol-Demo.pl', Imie: 'Ewa', Nazwisko: 'Nowa' });
    expect(res.status).toBe(200);
    const member = (await res.json()) as PanelStaffMember;
    expect(member).toMatchObject({ Email: 'nowa.osoba@sokol-demo.pl', Rola: 'manager', Aktywny: false });
    const mail = readableMail(await t.outbox.last());
    expect(mail).toContain('nowa.osoba@sokol-demo.pl');
    expect(mail).toMatch(/panel/);
    const link = await t.outbox.link(/\/panel\/zaproszenie\/[A-Za-z0-9_-]+/);
    const token = link.split('/').pop()!;
    const set = await t.fetch('/api/panel/auth/invite', {
      method: 'POST',
      headers: panelHeaders(undefined, 'xsrf-invite'),
      json: { Token: token, Haslo: 'NoweHaslo123', PowtorzHaslo: 'NoweHaslo123' },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ Email: 'nowa.osoba@sokol-demo.pl', Rola: 'manager' });
    const p = await panelLogin(t, { email: 'nowa.osoba@sokol-demo.pl', password: 'NoweHaslo123' });
    expect(p.user).toMatchObject({ Rola: 'manager', Imie: 'Ewa' });
    const list = (await (await owner.fetch(STAFF)).json()) as { Items: PanelStaffMember[]; Total: number };
    expect(list.Items.find((s) => s.Id === member.Id)).toMatchObject({ Aktywny: true });
    expect((await auditOf(member.Id))[0]).toMatchObject({
      action: 'create',
      userEmail: 'kierownik@sokol-demo.pl',
      after: { Email: 'nowa.osoba@sokol-demo.pl', Rola: 'manager' },
    });
  });

  it('refuses an address that already has an account here (a customer never becomes staff), and bad input', async () => {
    const taken = await add({ Email: 'kibic@sokol-demo.pl', Imie: 'Jan', Nazwisko: 'Kowalski' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ Message: msg.staffEmailTaken });
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'kibic@sokol-demo.pl'));
    expect(customer!.role).toBe('customer');

    const bad = await add({ Email: 'nie-email', Imie: '', Nazwisko: 'X', Rola: 'admin' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Message: string; Fields?: Record<string, string> }).Fields).toMatchObject(
      {
        Email: msg.invalidEmail,
        Imie: msg.required,
        Rola: msg.invalidRole,
      },
    );
  });

  it('changes roles (audited), never one’s own, and keeps at least one owner', async () => {
    const member = (await (
      await add({ Email: 'druga.wlascicielka@sokol-demo.pl', Imie: 'Ola', Nazwisko: 'Druga' })
    ).json()) as PanelStaffMember;
    const up = await setRole(member.Id, 'owner');
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ Rola: 'owner' });
    expect((await auditOf(member.Id)).at(-1)).toMatchObject({
      action: 'update',
      before: { Rola: 'manager' },
      after: { Rola: 'owner' },
    });

    const self = await setRole(owner.user.Id, 'manager');
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ Message: msg.staffNotYourself });
    const selfDelete = await remove(owner.user.Id);
    expect(selfDelete.status).toBe(400);
    expect(await selfDelete.json()).toEqual({ Message: msg.staffNotYourself });

    const bad = await setRole(member.Id, 'customer');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Message: string; Fields?: Record<string, string> }).Fields).toEqual({
      Rola: msg.invalidRole,
    });

    expect((await setRole(member.Id, 'manager')).status).toBe(200);
  });

  it('two owners demoting each other at once: one wins, the club keeps an owner', async () => {
    const [org] = await t.database.db.select().from(users).where(eq(users.id, owner.user.Id));
    await t.database.db.insert(users).values({
      organisationId: org!.organisationId,
      email: 'trzecia@sokol-demo.pl',
      firstName: 'Iza',
      lastName: 'Trzecia',
      role: 'owner',
      passwordHash: await hashPassword(TEST_PASSWORDS.manager, TEST_HASH_COST),
      confirmedAt: new Date(),
    });
    const other = await panelLogin(t, { email: 'trzecia@sokol-demo.pl' });
    const answers = await Promise.all([
      setRole(other.user.Id, 'manager'),
      setRole(owner.user.Id, 'manager', other),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, org!.organisationId), eq(users.role, 'owner')));
    expect(owners).toHaveLength(1);
    await t.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.user.Id));
    await t.database.db.delete(users).where(eq(users.id, other.user.Id));
  });

  it('removes a staff member: their panel sessions end, the audit log keeps who they were', async () => {
    const manager = await panelLogin(t, { role: 'manager' });
    const res = await remove(manager.user.Id);
    expect(res.status).toBe(204);
    expect((await manager.fetch(`${PANEL}/auth/me`)).status).toBe(401);
    expect(
      await t.database.db.select().from(panelSessions).where(eq(panelSessions.userId, manager.user.Id)),
    ).toEqual([]);
    expect((await auditOf(manager.user.Id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { Email: 'zastepca@sokol-demo.pl', Rola: 'manager' },
    });
    expect((await remove(manager.user.Id)).status).toBe(404);
  });

  it("does not touch another club's staff or customers", async () => {
    const rivalOwner = await panelLogin(t, { org: 'rywal' });
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'kibic@sokol-demo.pl'));
    for (const res of [await setRole(rivalOwner.user.Id, 'manager'), await remove(customer!.id)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.staffNotFound });
    }
  });
});
