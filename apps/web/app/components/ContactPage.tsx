import { useId } from 'react';
import { contactUi } from '../texts/contact.ts';
import { CmsContent } from './CmsContent.tsx';
import { ContactForm } from './ContactForm.tsx';
import { isEmbeddableMap, MapEmbed } from './MapEmbed.tsx';

export type ContactData = {
  /** HTML of sub-page 'kontakt-dane' (blocks, one <div> each). */
  details: string | null;
  /** HTML of sub-page 'kontakt-rodo'. */
  rodo: string | null;
  /** Settings Mapa. */
  map: string;
  pola: number[];
  wymagane: number[];
};

/** Top-level blocks of 'kontakt-dane' laid out as cards. */
const blockCards =
  'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 [&>div]:rounded-lg [&>div]:border [&>div]:border-gray-200 ' +
  '[&>div]:bg-gray-50 [&>div]:p-5 [&>div]:shadow-sm [&_h3]:mt-0!';

/** Spec 'Contact page': blocks from 'kontakt-dane', the contact form, the RODO text and the map. */
export function ContactPage({ data }: { data: ContactData }) {
  const detailsId = useId();
  const formId = useId();
  const mapId = useId();
  const map = isEmbeddableMap(data.map) ? data.map : null;
  return (
    <div className="mt-8 grid gap-10">
      {data.details && (
        <section aria-labelledby={detailsId}>
          <h2 id={detailsId} className="mb-4 text-xl font-bold">
            {contactUi.detailsTitle}
          </h2>
          <CmsContent html={data.details} className={blockCards} />
        </section>
      )}
      <div className={`grid gap-10 ${map ? 'lg:grid-cols-2' : ''}`}>
        <section aria-labelledby={formId} className="min-w-0">
          <h2 id={formId} className="mb-4 text-xl font-bold">
            {contactUi.formTitle}
          </h2>
          <ContactForm pola={data.pola} wymagane={data.wymagane} />
          {data.rodo && <CmsContent html={data.rodo} className="mt-6 text-sm text-muted" />}
        </section>
        {map && (
          <section aria-labelledby={mapId} className="min-w-0">
            <h2 id={mapId} className="mb-4 text-xl font-bold">
              {contactUi.mapTitle}
            </h2>
            <MapEmbed src={map} />
          </section>
        )}
      </div>
    </div>
  );
}
