import { ApiClientError, CONTENT_TYPE_SUBPAGE } from '@club/contract';
import { useId } from 'react';
import { data } from 'react-router';
import { AccreditationForm } from '../components/AccreditationForm.tsx';
import { withHome } from '../components/Breadcrumbs.tsx';
import { CmsContent } from '../components/CmsContent.tsx';
import { type ContactData, ContactPage } from '../components/ContactPage.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { requestApi, type WebApi } from '../lib/api.server.ts';
import { ACCREDITATION_PARAM, CONTACT_PARAM, FRAGMENT_SLUGS } from '../lib/cms.ts';
import { absoluteUrl, breadcrumbJsonLd, jsonLd, metaDescription, pageMeta } from '../lib/seo.ts';
import { accreditationUi } from '../texts/accreditation.ts';
import type { Route } from './+types/subpage';

const notFound = () => data(null, { status: 404 });

/** A page the API does not have (404) or cannot name (400: slug too long...) is a 404 page here. */
const page = (api: WebApi, slug: string) =>
  api.call('getContentPage', { params: { slug, type: CONTENT_TYPE_SUBPAGE } }).catch((e: unknown) => {
    if (e instanceof ApiClientError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  });

const contactData = async (api: WebApi): Promise<ContactData> => {
  const [settings, details, rodo] = await Promise.all([
    api.settings(),
    page(api, 'kontakt-dane'),
    page(api, 'kontakt-rodo'),
  ]);
  return {
    details: details?.Tresc ?? null,
    rodo: rodo?.Tresc ?? null,
    map: settings.Mapa,
    pola: settings.Pola,
    wymagane: settings.PolaWymagane,
  };
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (FRAGMENT_SLUGS.has(slug)) throw notFound();
  const api = requestApi({ request, context });
  const [content, settings] = await Promise.all([page(api, slug), api.settings()]);
  if (!content) throw notFound();
  const contact = content.Parametry.some((p) => p.Klucz === CONTACT_PARAM) ? await contactData(api) : null;
  const origin = api.origin;
  return {
    title: content.Tytul,
    html: content.Tresc,
    description: metaDescription(content.MetaDescription),
    url: absoluteUrl(origin, `/${encodeURIComponent(slug)}`),
    origin,
    shop: settings.Nazwa,
    contact,
    accreditation: content.Parametry.some((p) => p.Klucz === ACCREDITATION_PARAM),
  };
}

/** Spec 'CMS sub-page': <title> is the page title, the meta description its MetaDescription; canonical URL. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { title, description, url, origin, shop } = loaderData;
  return [
    ...pageMeta({ title, description, url, siteName: shop, ogType: 'article' }),
    jsonLd(breadcrumbJsonLd(origin, withHome([{ label: title }]), url)),
  ];
};

/** Sub-page parameter 'akredytacja': the press accreditation form under the page's text. */
function AccreditationSection() {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="mt-8 max-w-3xl">
      <h2 id={heading} className="mb-4 text-xl font-bold">
        {accreditationUi.formTitle}
      </h2>
      <AccreditationForm />
    </section>
  );
}

/** Spec '{slug}' catch-all: sub-page template with breadcrumbs 'Home' → title, the title and the HTML. */
export default function SubPageRoute({ loaderData }: Route.ComponentProps) {
  const { title, html, contact, accreditation } = loaderData;
  return (
    <SubPage breadcrumbs={[{ label: title }]} title={title}>
      <CmsContent html={html} className="max-w-3xl" />
      {contact && <ContactPage data={contact} />}
      {accreditation && <AccreditationSection />}
    </SubPage>
  );
}
