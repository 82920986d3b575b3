/** Sub-pages that are parts of other pages (footer text, contact blocks, RODO note), not pages of their own. */
export const FRAGMENT_SLUGS: ReadonlySet<string> = new Set(['tekst-stopka', 'kontakt-dane', 'kontakt-rodo']);

/** Spec: a sub-page with a parameter of this key embeds the contact page. */
export const CONTACT_PARAM = 'kontakt';

/** A sub-page with a parameter of this key embeds the press accreditation form. */
export const ACCREDITATION_PARAM = 'akredytacja';
