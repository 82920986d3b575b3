import { type MailContent, renderMail } from '../mail/templates.ts';

/** The invitation of a new staff member: a link to set their password, then the panel's address. */
export const staffInviteMail = (o: {
  shopName: string;
  firstName: string;
  link: string;
  panelUrl: string;
  role: 'owner' | 'manager';
}): MailContent =>
  renderMail({
    shopName: o.shopName,
    subject: `Dostęp do panelu sklepu ${o.shopName.replace(/[\r\n]+/g, ' ').trim()}`,
    heading: `Witaj, ${o.firstName}!`,
    blocks: [
      {
        kind: 'p',
        text: `Otrzymujesz dostęp do panelu sklepu jako ${o.role === 'owner' ? 'właściciel' : 'kierownik'}.`,
      },
      { kind: 'p', text: 'Aby zacząć, ustaw swoje hasło:' },
      { kind: 'action', label: 'Ustaw hasło', url: o.link },
      { kind: 'p', text: `Następnie zaloguj się do panelu: ${o.panelUrl}` },
      { kind: 'note', text: 'Link jest ważny przez 24 godziny i można go użyć tylko raz.' },
    ],
  });
