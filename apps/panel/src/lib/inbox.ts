/** Plain rules of the inbox screen: the reply link and the navigation badge's refresh. */

/**
 * The 'reply by e-mail' link: the sender's address and the subject the API suggests. The address
 * is one the API has checked (`isEmail`); anything outside a plain address's characters is
 * percent-encoded all the same, so it cannot add headers of its own to the link.
 */
export const mailtoLink = (email: string, subject: string): string =>
  `mailto:${email.replace(/[^\w.@+-]/g, encodeURIComponent)}?subject=${encodeURIComponent(subject)}`;

/** Fired when an item's read state changes, so the navigation's unread count is fetched again. */
export const INBOX_CHANGED = 'panel:inbox-changed';

export const inboxChanged = (): void => {
  window.dispatchEvent(new Event(INBOX_CHANGED));
};

/** How many items wait unread in both kinds (the navigation's badge). */
export const unreadCount = (s: {
  Wiadomosci: { Nieprzeczytane: number };
  Akredytacje: { Nieprzeczytane: number };
}): number => s.Wiadomosci.Nieprzeczytane + s.Akredytacje.Nieprzeczytane;
