import {
  COMPLAINT_REQUEST_LABELS,
  COMPLAINT_STATE_LABELS,
  type ComplaintRequest,
  type ComplaintState,
} from '@club/contract';
import type { MailMessage } from '../mail/message.ts';
import { type MailBlock, renderMail, warsawDateTime } from '../mail/templates.ts';

export type ComplaintMail = {
  to: string;
  shopName: string;
  orderNumber: string;
  complaintId: number;
  request: ComplaintRequest;
  lines: string[];
  receivedAt: Date;
  deadline: Date;
};

const summary = (m: ComplaintMail): MailBlock[] => [
  {
    kind: 'table',
    rows: [
      ['Reklamacja nr', String(m.complaintId)],
      ['Zamówienie', m.orderNumber],
      ['Złożona', warsawDateTime.format(m.receivedAt)],
      ['Żądanie', COMPLAINT_REQUEST_LABELS[m.request]],
    ],
  },
  { kind: 'list', items: m.lines },
];

/** The acknowledgement on a durable medium, sent at once: when it was received and the answer's deadline. */
export const complaintReceivedMail = (m: ComplaintMail): MailMessage =>
  renderMail({
    to: m.to,
    shopName: m.shopName,
    subject: `Przyjęliśmy reklamację do zamówienia ${m.orderNumber}`,
    heading: 'Reklamacja przyjęta do rozpatrzenia',
    blocks: [
      ...summary(m),
      {
        kind: 'p',
        text:
          `Odpowiemy najpóźniej do ${warsawDateTime.format(m.deadline)} (14 dni od otrzymania reklamacji). ` +
          'Jeśli nie odpowiemy w tym terminie, reklamację uważa się za uznaną (art. 7a ustawy o prawach konsumenta).',
      },
      { kind: 'note', text: 'Stan reklamacji sprawdzisz w historii zamówień na swoim koncie w sklepie.' },
    ],
  });

const STEP_TEXT: Record<ComplaintState, string> = {
  przyjeta: '',
  uznana: 'Uznaliśmy Twoją reklamację. Napiszemy, co dalej, albo poprosimy o odesłanie towaru.',
  odrzucona: 'Nie uznaliśmy Twojej reklamacji. Powód:',
  towar_otrzymany: 'Otrzymaliśmy reklamowany towar.',
  wymieniona: 'Wymieniliśmy towar na nowy, wolny od wad.',
  naprawiona: 'Naprawiliśmy towar.',
  zwrot_pieniedzy: 'Zwracamy pieniądze za reklamowany towar tym samym sposobem płatności.',
};

/** The buyer's news of each step the club takes. */
export const complaintStepMail = (
  m: ComplaintMail & { state: ComplaintState; reason: string },
): MailMessage =>
  renderMail({
    to: m.to,
    shopName: m.shopName,
    subject: `Reklamacja do zamówienia ${m.orderNumber}: ${COMPLAINT_STATE_LABELS[m.state].toLowerCase()}`,
    heading: `Reklamacja: ${COMPLAINT_STATE_LABELS[m.state]}`,
    blocks: [
      { kind: 'p', text: STEP_TEXT[m.state] },
      ...(m.reason ? [{ kind: 'pre', text: m.reason } as const] : []),
      ...summary(m),
      { kind: 'note', text: 'Stan reklamacji sprawdzisz w historii zamówień na swoim koncie w sklepie.' },
    ],
  });
