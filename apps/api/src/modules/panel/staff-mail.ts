import type { MailMessage } from '../mail/message.ts';
import { oneLine, renderMail } from '../mail/templates.ts';

/**
 * The invitation of a new staff member: a link to the panel's own screen that sets their password
 * and signs them in. The name is the one the club's owner typed, not a stranger's.
 */
export const staffInviteMail = (o: {
  to: string;
  shopName: string;
  firstName: string;
  link: string;
  role: 'owner' | 'manager';
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zaproszenie do panelu sklepu ${oneLine(o.shopName)}`,
    heading: `Witaj, ${o.firstName}!`,
    blocks: [
      {
        kind: 'p',
        text: `Otrzymujesz dostęp do panelu sklepu ${o.shopName} jako ${o.role === 'owner' ? 'właściciel' : 'kierownik'}.`,
      },
      { kind: 'p', text: 'Aby zacząć, ustaw swoje hasło. Po jego ustawieniu od razu trafisz do panelu:' },
      { kind: 'action', label: 'Ustaw hasło i wejdź do panelu', url: o.link },
      {
        kind: 'note',
        text: 'Zaproszenie jest ważne przez 72 godziny i można go użyć tylko raz. Jeśli wygaśnie, poproś właściciela sklepu o nowe.',
      },
    ],
  });

/** "Nie pamiętasz hasła?" of the panel. */
export const panelResetMail = (o: { to: string; shopName: string; link: string }): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Nowe hasło do panelu sklepu ${oneLine(o.shopName)}`,
    heading: 'Ustaw nowe hasło do panelu',
    blocks: [
      {
        kind: 'p',
        text: 'Otrzymaliśmy prośbę o ustawienie nowego hasła do panelu sklepu dla tego adresu e-mail.',
      },
      { kind: 'action', label: 'Ustaw nowe hasło', url: o.link },
      {
        kind: 'note',
        text: 'Link jest ważny przez 2 godziny i można go użyć tylko raz. Ustawienie hasła zdejmuje blokadę logowania. Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
      },
    ],
  });
