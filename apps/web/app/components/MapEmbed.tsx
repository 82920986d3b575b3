import { checkoutUi } from '../texts/checkout.ts';
import { contactUi } from '../texts/contact.ts';

/** Only https addresses are embedded (the CSP allows https frames; nothing else is trusted). */
export const isEmbeddableMap = (url: string | null | undefined): url is string => {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Spec 'Contact page': the embedded map from settings Mapa, with a plain link for those who cannot use it. */
export function MapEmbed({ src }: { src: string }) {
  if (!isEmbeddableMap(src)) return null;
  return (
    <div>
      <iframe
        title={contactUi.mapTitle}
        src={src}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        // Not allow-same-origin: with allow-scripts it would let a same-origin page undo the sandbox.
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        className="block aspect-[4/3] h-auto w-full rounded-lg border border-gray-200 bg-gray-100 sm:aspect-video"
      />
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block text-sm font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
      >
        {contactUi.mapLink}
        <span className="sr-only"> {checkoutUi.newTab}</span>
      </a>
    </div>
  );
}
