import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fillMessage, MAX_DOMAIN_CLAIMS, msg, type PanelDomain, type PanelDomainClaim } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, domainClaims } from '../src/db/schema.ts';
import { type FakeDns, startFakeDns } from './fakes/dns-server.ts';
import { refused } from './fixtures/checkout.ts';
import { claimDomain, clubOn, DOMAINS, domainCheckVia, verifyClaim } from './fixtures/domains.ts';
import { openPanelShop, type PanelClient, type PanelShop, panelHeaders } from './fixtures/panel.ts';

/**
 * A club's web server as the shop's file check meets it: answers from `files` by Host and path,
 * records every request. The shop reaches it because the fake DNS points the domains at 127.0.0.1
 * and DOMAIN_CHECK_HTTP_PORT at its port.
 */
type Answer = { status?: number; body?: string; headers?: Record<string, string>; hang?: boolean };
const files = new Map<string, Answer>();
const requests: string[] = [];
let web: Server;
let webPort: number;

let dns: FakeDns;
let { t, owner, manager, rival } = {} as PanelShop;

beforeAll(async () => {
  dns = await startFakeDns();
  web = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    requests.push(`${host}${req.url}`);
    const answer = files.get(`${host}${req.url}`) ?? { status: 404, body: 'nie ma' };
    if (answer.hang) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
  ({ t, owner, manager, rival } = await openPanelShop(domainCheckVia(dns, webPort)));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  web?.closeAllConnections();
  await new Promise((resolve) => web?.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
});

const list = async (client: PanelClient) => {
  const res = await client.fetch(DOMAINS);
  expect(res.status).toBe(200);
  return (await res.json()) as { Items: PanelDomain[]; Total: number; Oczekujace: PanelDomainClaim[] };
};
const lastAudit = async () =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'domain')).orderBy(auditLog.id)).at(
    -1,
  );
const missing = (c: PanelDomainClaim) =>
  fillMessage(msg.domainProofMissing, { domena: c.Host, rekord: c.RekordTxt, plik: c.Plik });
/** The proof file as the club's server would serve it. */
const publish = (c: PanelDomainClaim, answer: Answer = { body: `${c.Kod}\n` }) =>
  files.set(c.Plik.replace(/^http:\/\//, ''), answer);

describe('adding a domain', () => {
  it('leaves it waiting for proof: the shop does not answer on it, the panel says what to publish', async () => {
    const claim = await claimDomain(rival, 'Sklep.Rywal-Nowy.PL');
    expect(claim).toEqual({
      Id: expect.any(Number),
      Host: 'sklep.rywal-nowy.pl',
      Kod: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      RekordTxt: '_clubshop-challenge.sklep.rywal-nowy.pl',
      Plik: `http://sklep.rywal-nowy.pl/.well-known/clubshop-verification/${claim.Kod}`,
    });
    const domains = await list(rival);
    expect(domains.Items.map((d) => d.Host)).not.toContain('sklep.rywal-nowy.pl');
    expect(domains.Oczekujace).toEqual([claim]);
    // Requests for the name still go to the default club, not to the one that asked for it.
    expect(await clubOn(t, 'sklep.rywal-nowy.pl')).toBe('demo');
    expect(await lastAudit()).toMatchObject({
      action: 'create',
      after: { Host: 'sklep.rywal-nowy.pl', Potwierdzona: false },
    });
    // Nothing was looked up yet, and the shop does not serve proof files itself.
    expect(dns.queries.filter((q) => q.includes('rywal-nowy'))).toEqual([]);
    expect((await t.fetch(`/.well-known/clubshop-verification/${claim.Kod}`)).status).toBe(404);
    // The same name twice is one claim.
    expect(
      (await refused(await rival.fetch(DOMAINS, { method: 'POST', json: { Host: claim.Host } }), 409))
        .Message,
    ).toBe(msg.domainClaimPending);
  });

  it(`keeps at most ${MAX_DOMAIN_CLAIMS} waiting per club; a withdrawn one frees a place`, async () => {
    const club = rival;
    const waiting = (await list(club)).Oczekujace.length;
    const made: PanelDomainClaim[] = [];
    for (let i = waiting; i < MAX_DOMAIN_CLAIMS; i++)
      made.push(await claimDomain(club, `limit-${i}.rywal.example`));
    const over = await club.fetch(DOMAINS, { method: 'POST', json: { Host: 'za-duzo.rywal.example' } });
    expect((await refused(over, 409)).Message).toBe(
      fillMessage(msg.domainClaimsTooMany, { ile: String(MAX_DOMAIN_CLAIMS) }),
    );
    for (const c of made) {
      expect((await club.fetch(`${DOMAINS}/claims/${c.Id}`, { method: 'DELETE' })).status).toBe(204);
    }
    expect(await lastAudit()).toMatchObject({ action: 'delete', before: { Potwierdzona: false } });
    expect((await list(club)).Oczekujace.map((c) => c.Host)).not.toContain(made[0]!.Host);
    const last = await claimDomain(club, 'za-duzo.rywal.example');
    expect((await club.fetch(`${DOMAINS}/claims/${last.Id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('proving a domain', () => {
  it('a TXT record with the code proves it: the shop answers on it as the club at once', async () => {
    const claim = await claimDomain(rival, 'txt.rywal-test.pl');
    dns.txt(claim.RekordTxt, 'google-site-verification=abc', claim.Kod);
    const res = await verifyClaim(rival, claim.Id);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const domain = JSON.parse(text) as PanelDomain;
    expect(domain).toEqual({ Id: expect.any(Number), Host: 'txt.rywal-test.pl' });
    expect(await clubOn(t, 'txt.rywal-test.pl')).toBe('rywal');
    const domains = await list(rival);
    expect(domains.Items).toContainEqual(domain);
    expect(domains.Oczekujace.map((c) => c.Host)).not.toContain('txt.rywal-test.pl');
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      entityId: String(domain.Id),
      after: { Host: 'txt.rywal-test.pl', Potwierdzona: true, Potwierdzenie: 'TXT' },
    });
    // The claim is used up: checking it again finds nothing.
    expect((await refused(await verifyClaim(rival, claim.Id), 404)).Message).toBe(msg.domainNotFound);
  });

  it('a file under /.well-known/ with the code proves it', async () => {
    const claim = await claimDomain(rival, 'plik.rywal-test.pl');
    dns.a(claim.Host, '127.0.0.1');
    publish(claim);
    const res = await verifyClaim(rival, claim.Id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(requests).toEqual([`plik.rywal-test.pl/.well-known/clubshop-verification/${claim.Kod}`]);
    expect(await clubOn(t, 'plik.rywal-test.pl')).toBe('rywal');
    expect(await lastAudit()).toMatchObject({ after: { Potwierdzona: true, Potwierdzenie: 'plik' } });
  });

  it('follows a redirect on the same host (to the file itself), never to another host', async () => {
    const claim = await claimDomain(rival, 'przekierowanie.rywal-test.pl');
    dns.a(claim.Host, '127.0.0.1');
    dns.a('obcy.example', '127.0.0.1');
    const path = new URL(claim.Plik).pathname;
    publish(claim, { status: 302, headers: { location: `http://obcy.example:${webPort}${path}` } });
    files.set(`obcy.example${path}`, { body: claim.Kod });
    expect((await refused(await verifyClaim(rival, claim.Id), 400)).Message).toBe(missing(claim));
    expect(requests).toEqual([`przekierowanie.rywal-test.pl${path}`]);

    publish(claim, { status: 301, headers: { location: `${path}?v=1` } });
    files.set(`przekierowanie.rywal-test.pl${path}?v=1`, { body: claim.Kod });
    expect((await verifyClaim(rival, claim.Id)).status).toBe(200);
  });

  it('a wrong code, a missing record or file, an error page or a huge answer fail in Polish; the claim waits on', async () => {
    const claim = await claimDomain(rival, 'zly.rywal-test.pl');
    const fails = async () => {
      expect((await refused(await verifyClaim(rival, claim.Id), 400)).Message).toBe(missing(claim));
    };
    // Nothing published, the name unknown to DNS.
    await fails();
    expect(missing(claim)).toContain('_clubshop-challenge.zly.rywal-test.pl');
    // A TXT record and a file with another club's code, or a code cut short.
    dns.txt(claim.RekordTxt, 'inny-kod', claim.Kod.slice(0, -1));
    dns.a(claim.Host, '127.0.0.1');
    publish(claim, { body: 'inny-kod' });
    await fails();
    publish(claim, { status: 500, body: claim.Kod });
    await fails();
    publish(claim, { body: `${claim.Kod}\n${'x'.repeat(5000)}` });
    await fails();
    expect(await clubOn(t, claim.Host)).toBe('demo');
    expect((await list(rival)).Oczekujace.map((c) => c.Host)).toContain(claim.Host);
  });

  it('gives up on a server that does not answer within the check’s time', async () => {
    const claim = await claimDomain(rival, 'wolny.rywal-test.pl');
    dns.a(claim.Host, '127.0.0.1');
    publish(claim, { hang: true });
    const started = Date.now();
    expect((await refused(await verifyClaim(rival, claim.Id), 400)).Message).toBe(missing(claim));
    // The tests' check allows 2 s (a server's, 5 s).
    expect(Date.now() - started).toBeLessThan(2_000 + 1_500);
    expect(requests).toHaveLength(1);
  });

  it('with the production default, a domain pointing at a private address is not fetched from', async () => {
    const claim = await claimDomain(rival, 'prywatny.rywal-test.pl');
    dns.a(claim.Host, '127.0.0.1');
    dns.aaaa(claim.Host, '::1');
    publish(claim);
    const check = t.app.config.domainCheck;
    check.allowPrivate = false;
    try {
      const res = await verifyClaim(rival, claim.Id);
      expect((await refused(res, 400)).Message).toBe(
        fillMessage(msg.domainProofPrivate, { domena: claim.Host, rekord: claim.RekordTxt }),
      );
      expect(requests).toEqual([]);
      // 10.x, link-local and the cloud metadata address alike.
      dns.a(claim.Host, '10.0.0.8', '169.254.169.254');
      dns.aaaa(claim.Host, 'fd00::1');
      expect((await refused(await verifyClaim(rival, claim.Id), 400)).Message).toContain('sieci prywatnej');
      // The TXT record still proves it: nothing is fetched for that.
      dns.txt(claim.RekordTxt, claim.Kod);
      expect((await verifyClaim(rival, claim.Id)).status).toBe(200);
      expect(requests).toEqual([]);
    } finally {
      check.allowPrivate = true;
    }
  });
});

describe('another club’s domain', () => {
  it('a domain another club holds is refused, whether named directly or proven later', async () => {
    // rywal.localhost is the rival's seeded domain.
    const taken = fillMessage(msg.domainTaken, { domena: 'rywal.localhost' });
    expect(
      (await refused(await owner.fetch(DOMAINS, { method: 'POST', json: { Host: 'rywal.localhost' } }), 409))
        .Message,
    ).toBe(taken);
    expect(await clubOn(t, 'rywal.localhost')).toBe('rywal');
  });

  it('a waiting claim never stands in the way: whoever proves the name first gets it', async () => {
    const host = 'sporna.example.pl';
    // The demo club asks first, but cannot prove it; the rival, who owns the name, can.
    const squatter = await claimDomain(owner, host);
    const real = await claimDomain(rival, host);
    expect(real.Kod).not.toBe(squatter.Kod);
    dns.txt(real.RekordTxt, real.Kod);
    expect((await refused(await verifyClaim(owner, squatter.Id), 400)).Message).toBe(missing(squatter));
    expect((await verifyClaim(rival, real.Id)).status).toBe(200);
    expect(await clubOn(t, host)).toBe('rywal');
    // Even with its code published now (say the name changed hands), the claim meets a taken name.
    dns.txt(squatter.RekordTxt, real.Kod, squatter.Kod);
    expect((await refused(await verifyClaim(owner, squatter.Id), 409)).Message).toBe(
      fillMessage(msg.domainTaken, { domena: host }),
    );
    expect(await clubOn(t, host)).toBe('rywal');
    // And a new claim of it is refused outright.
    expect(
      (await refused(await owner.fetch(DOMAINS, { method: 'POST', json: { Host: host } }), 409)).Message,
    ).toBe(fillMessage(msg.domainTaken, { domena: host }));
  });

  it('one club cannot check, see or withdraw another club’s claim', async () => {
    const claim = await claimDomain(rival, 'cudza.rywal-test.pl');
    dns.txt(claim.RekordTxt, claim.Kod);
    expect((await refused(await verifyClaim(owner, claim.Id), 404)).Message).toBe(msg.domainNotFound);
    expect(
      (await refused(await owner.fetch(`${DOMAINS}/claims/${claim.Id}`, { method: 'DELETE' }), 404)).Message,
    ).toBe(msg.domainNotFound);
    expect((await list(owner)).Oczekujace.map((c) => c.Id)).not.toContain(claim.Id);
    const [row] = await t.database.db.select().from(domainClaims).where(eq(domainClaims.id, claim.Id));
    expect(row).toBeDefined();
    expect(await clubOn(t, claim.Host)).toBe('demo');
  });

  it('only the owner adds, checks and withdraws; a manager sees the list', async () => {
    const claim = await claimDomain(owner, 'wlasciciel.sokol-test.pl');
    expect((await list(manager)).Oczekujace.map((c) => c.Id)).toContain(claim.Id);
    expect((await refused(await verifyClaim(manager, claim.Id), 403)).Message).toBe(msg.panelOwnerOnly);
    expect(
      (await refused(await manager.fetch(`${DOMAINS}/claims/${claim.Id}`, { method: 'DELETE' }), 403))
        .Message,
    ).toBe(msg.panelOwnerOnly);
    const anonymous = await t.fetch(`${DOMAINS}/claims/${claim.Id}/verify`, {
      method: 'POST',
      headers: panelHeaders(undefined, 'proba-xsrf-proba-xsrf-123'),
    });
    expect((await refused(anonymous, 401)).Message).toBe(msg.unauthorized);
  });
});
