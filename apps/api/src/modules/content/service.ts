import {
  type AccreditationSchema,
  type Banner,
  brandColoursOrDefault,
  type ContactMessage,
  type ContentListItem,
  type ContentPage,
  contactMessageSchema,
  isEmail,
  logoVersion,
  type MenuItem,
  msg,
  type SiteSettings,
  type SocialLink,
} from '@club/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { fillSellerPlaceholders } from '../../lib/seller.ts';
import { issuesToBody } from '../../plugins/errors.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { enqueueMail } from '../mail/queue.ts';
import { shopFormMail } from '../mail/templates.ts';
import { buildMenuTree } from './menu-tree.ts';
import { type ContentPageRow, contentRepository } from './repository.ts';
import { slideOverlay } from './slide-overlay.ts';

const listItem = (p: ContentPageRow): ContentListItem => ({
  Id: p.id,
  Slug: p.slug,
  Tytul: p.title,
  Zajawka: p.excerpt,
  Data: p.publishedAt.toISOString(),
  Zdjecie: p.photo ? { Id: p.id, Nazwa: p.photo } : null,
});

const lines = (pairs: [string, string | undefined | null][]) =>
  pairs
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

export const contentService = (deps: { db: Db; log: FastifyBaseLogger }) => {
  const repo = contentRepository(deps.db);

  /** Queued in the transaction that stores the form: both commit, and the mail worker sends it. */
  const notifyShop = async (tx: Tx, org: Organisation, subject: string, text: string, replyTo?: string) => {
    if (!org.shopEmail) {
      deps.log.warn({ org: org.alias }, 'no shop e-mail configured; form stored without notification');
      return;
    }
    const mail = shopFormMail({
      to: org.shopEmail,
      ...(replyTo && isEmail(replyTo) && { replyTo }),
      shopName: org.name,
      subject,
      text,
    });
    await enqueueMail(tx, mail, org.id);
  };

  return {
    async siteSettings(org: Organisation): Promise<SiteSettings> {
      const options = await repo.siteOptions(org.id);
      return {
        OrganizacjaAlias: org.alias,
        Nazwa: org.name,
        Title: org.title,
        Description: org.description,
        Opcje: options.map((o) => ({ Klucz: o.key, Wartosc: o.value, Typ: o.type })),
        Mapa: org.mapUrl,
        Pola: org.contactFields,
        PolaWymagane: org.contactRequired,
        WersjeLogo: { main: logoVersion(org.logoMain), footer: logoVersion(org.logoFooter) },
        Kolory: brandColoursOrDefault(org.brandColours),
      };
    },

    async banner(org: Organisation, panelId: number): Promise<Banner> {
      const found = await repo.banner(org.id, panelId);
      if (!found) throw notFound(msg.bannerNotFound);
      const { banner, slides } = found;
      return {
        Id: banner.id,
        Rodzaj: banner.kind,
        Wysokosc: banner.height,
        Grafiki: slides.map((s) => ({
          Id: s.id,
          Nazwa: s.title,
          Plik: s.fileName,
          // The mobile image lives in the same slide folder, so it shares the slide's id.
          GrafikaMobile: s.mobileFileName ? { Id: s.id, Nazwa: s.mobileFileName } : null,
          PlikWebp: s.webpFileName,
          GrafikaMobileWebp: s.mobileFileName ? s.mobileWebpFileName : null,
          Url: s.url,
          Tresc: s.content,
          ...slideOverlay(s),
        })),
      };
    },

    async menu(org: Organisation, menuId: number): Promise<MenuItem[]> {
      return buildMenuTree(await repo.menuItems(org.id, menuId));
    },

    async social(org: Organisation): Promise<SocialLink[]> {
      return (await repo.socialLinks(org.id)).map((s) => ({ Url: s.url, Rodzaj: s.kind }));
    },

    async page(org: Organisation, slug: string, type: number): Promise<ContentPage> {
      const found = await repo.page(org.id, slug, type);
      if (!found) throw notFound(msg.pageNotFound);
      const { page, params } = found;
      return {
        Id: page.id,
        Slug: page.slug,
        Tytul: page.title,
        // Sanitised again on the way out: rows written before a rule tightened stay safe.
        Tresc: sanitizeHtml(fillSellerPlaceholders(page.content, org)),
        MetaDescription: page.metaDescription,
        Parametry: params.map((p) => ({ Klucz: p.key, Wartosc: p.value })),
        Data: page.publishedAt.toISOString(),
      };
    },

    async list(org: Organisation, type: number, offset: number, count: number, kategorie?: string) {
      // Ids beyond int4 name no category (and would make PostgreSQL fail the whole query).
      const ids = kategorie
        ? [...new Set(kategorie.split(',').map(Number))].filter((n) => n <= 2_147_483_647)
        : undefined;
      if (ids && !ids.length) return [];
      return (await repo.pages(org.id, type, offset, count, ids)).map(listItem);
    },

    count: (org: Organisation, type: number) => repo.countPages(org.id, type),

    async subpages(org: Organisation, parentSlug: string) {
      return (await repo.subpages(org.id, parentSlug)).map(listItem);
    },

    async categories(org: Organisation) {
      return (await repo.categories(org.id)).map((c) => ({ Id: c.id, Nazwa: c.name }));
    },

    /** Only the fields the club enabled are kept; the ones it marked required must be filled. */
    async sendMessage(org: Organisation, body: ContactMessage) {
      const parsed = contactMessageSchema(org.contactFields, org.contactRequired).safeParse(body);
      if (!parsed.success) {
        const { Message, Fields } = issuesToBody(parsed.error.issues);
        throw new HttpError(400, Message, Fields);
      }
      const m = parsed.data as ContactMessage;
      const row = {
        organisationId: org.id,
        firstName: m.firstName || null,
        lastName: m.lastName || null,
        email: m.email || null,
        phone: m.phone || null,
        message: m.message ?? '',
      };
      const text = [
        `Nowa wiadomość z formularza kontaktowego sklepu ${org.name}.`,
        lines([
          ['Imię', row.firstName],
          ['Nazwisko', row.lastName],
          ['E-mail', row.email],
          ['Telefon', row.phone],
        ]),
        `Wiadomość:\n${row.message || '(brak treści)'}`,
      ]
        .filter(Boolean)
        .join('\n\n');
      await deps.db.transaction(async (tx) => {
        await repo.insertContactMessage(row, tx);
        await notifyShop(
          tx,
          org,
          `Wiadomość z formularza kontaktowego – ${org.name}`,
          text,
          row.email ?? undefined,
        );
      });
      return { Message: msg.messageSent };
    },

    async sendAccreditation(org: Organisation, a: z.output<typeof AccreditationSchema>) {
      const text = [
        `Nowy wniosek o akredytację prasową w sklepie ${org.name}.`,
        lines([
          ['Imię', a.Imie],
          ['Nazwisko', a.Nazwisko],
          ['E-mail', a.Email],
          ['Telefon', a.Telefon],
          ['Redakcja', a.Redakcja],
          ['Funkcja', a.Funkcja],
          ['Wydarzenie', a.Wydarzenie],
        ]),
        a.Uwagi ? `Uwagi:\n${a.Uwagi}` : '',
      ]
        .filter(Boolean)
        .join('\n\n');
      await deps.db.transaction(async (tx) => {
        await repo.insertAccreditation(
          {
            organisationId: org.id,
            firstName: a.Imie,
            lastName: a.Nazwisko,
            email: a.Email,
            phone: a.Telefon,
            outlet: a.Redakcja,
            role: a.Funkcja,
            event: a.Wydarzenie,
            notes: a.Uwagi,
          },
          tx,
        );
        await notifyShop(
          tx,
          org,
          `Wniosek akredytacyjny: ${a.Imie} ${a.Nazwisko} (${a.Redakcja}) – ${org.name}`,
          text,
          a.Email,
        );
      });
      return { Message: msg.accreditationSent };
    },
  };
};
export type ContentService = ReturnType<typeof contentService>;
