import { formatGiftCardCode, formatGrosze } from '@club/contract';
import type { MailAttachment, MailMessage } from '../mail/message.ts';
import { type MailBlock, renderMail } from '../mail/templates.ts';
import {
  GIFT_CARD_CODE_NOTE,
  GIFT_CARD_RULES,
  giftCardBalanceUrl,
  giftCardHowToUse,
  giftCardValidUntil,
} from './card-text.ts';
import { giftCardPdf } from './pdf.ts';

export type GiftCardMail = {
  to: string;
  clubName: string;
  storefrontUrl: string;
  orderNumber: string;
  /** `code` normalised (16 characters); `amount` in grosze. */
  cards: { code: string; amount: number; expiresAt: Date }[];
};

/** `karta-podarunkowa-PQRS.pdf`, by the code's end; two cards of one order ending alike get `-2`. */
const fileNames = (codes: string[]) => {
  const seen = new Map<string, number>();
  return codes.map((code) => {
    const end = code.slice(-4);
    const n = (seen.get(end) ?? 0) + 1;
    seen.set(end, n);
    return `karta-podarunkowa-${end}${n > 1 ? `-${n}` : ''}.pdf`;
  });
};

/**
 * To the buyer once the order of gift cards is paid: each card's code, amount and expiry in the
 * message itself, and each card as a PDF to print or pass on.
 */
export const giftCardMail = async (input: GiftCardMail): Promise<MailMessage> => {
  const many = input.cards.length > 1;
  const title = `${many ? 'Karty podarunkowe' : 'Karta podarunkowa'} – zamówienie ${input.orderNumber}`;
  const names = fileNames(input.cards.map((c) => c.code));
  const attachments: MailAttachment[] = await Promise.all(
    input.cards.map(async (c, i) => ({
      filename: names[i]!,
      contentType: 'application/pdf',
      contentBase64: (
        await giftCardPdf({
          ...c,
          clubName: input.clubName,
          storefrontUrl: input.storefrontUrl,
          orderNumber: input.orderNumber,
        })
      ).toString('base64'),
    })),
  );
  const message = renderMail({
    to: input.to,
    shopName: input.clubName,
    subject: title,
    heading: title,
    blocks: [
      {
        kind: 'p',
        text: many
          ? `Dziękujemy za zakup w sklepie ${input.clubName}. Oto Twoje karty podarunkowe; każda jest też w załączniku jako osobny plik PDF do wydrukowania lub przekazania.`
          : `Dziękujemy za zakup w sklepie ${input.clubName}. Oto Twoja karta podarunkowa; jest też w załączniku jako plik PDF do wydrukowania lub przekazania.`,
      },
      ...input.cards.flatMap((c): MailBlock[] => [
        { kind: 'h2', text: `Karta podarunkowa na ${formatGrosze(c.amount)}` },
        { kind: 'code', label: 'Kod karty', code: formatGiftCardCode(c.code) },
        { kind: 'p', text: `Ważna do: ${giftCardValidUntil(c.expiresAt)}` },
      ]),
      { kind: 'p', text: giftCardHowToUse(input.storefrontUrl) },
      { kind: 'action', label: 'Sprawdź saldo karty', url: giftCardBalanceUrl(input.storefrontUrl) },
      { kind: 'p', text: GIFT_CARD_RULES },
      { kind: 'note', text: GIFT_CARD_CODE_NOTE },
    ],
  });
  // The codes are kept only hashed (gift_cards.code_hash): the sent mail must not keep them either.
  return { ...message, attachments, forgetBodyOnceSent: true };
};
