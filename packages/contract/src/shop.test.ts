import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './content.ts';
import { msg } from './messages.ts';
import {
  CartLinesInputSchema,
  DeliverySchema,
  InvoiceSchema,
  OrderTermsSchema,
  PlaceOrderSchema,
} from './shop.ts';

const fieldErrors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const address = {
  Nazwa: 'Jan Kowalski',
  UlicaINumer: 'ul. Kibiców 1',
  KodPocztowy: '00-001',
  Miasto: 'Warszawa',
  Telefon: '600700800',
  Email: 'jan@example.pl',
};

describe('delivery form (spec 5)', () => {
  it('requires every address field and the shipping method', () => {
    expect(fieldErrors(DeliverySchema.safeParse({}))).toEqual({
      Nazwa: msg.required,
      UlicaINumer: msg.required,
      KodPocztowy: msg.required,
      Miasto: msg.required,
      Telefon: msg.required,
      Email: msg.required,
      SposobDostawy: msg.chooseShipping,
    });
  });
  it('does not check postcode or phone formats', () => {
    const r = DeliverySchema.safeParse({
      ...address,
      KodPocztowy: 'x',
      Telefon: 'y',
      SposobDostawy: { Id: 1, Tresc: 'Kurier' },
    });
    expect(r.success).toBe(true);
  });
  it('takes exactly one valid e-mail address (the order e-mails go there)', () => {
    for (const Email of ['z', 'a@x.pl, b@y.pl', 'a@x.pl,b@y.pl', 'a@x.pl;b@y.pl', 'Jan <a@x.pl>']) {
      const r = DeliverySchema.safeParse({ ...address, Email, SposobDostawy: { Id: 1, Tresc: 'Kurier' } });
      expect(fieldErrors(r), Email).toEqual({ Email: msg.invalidEmail });
    }
  });
  it('requires the locker number for Paczkomat InPost, case-insensitively', () => {
    const r = DeliverySchema.safeParse({ ...address, SposobDostawy: { Id: 2, Tresc: 'PACZKOMAT InPost' } });
    expect(fieldErrors(r)).toEqual({ DodatkoweInformacjeDostawa: msg.required });
    const ok = DeliverySchema.safeParse({
      ...address,
      SposobDostawy: { Id: 2, Tresc: 'Paczkomat InPost' },
      DodatkoweInformacjeDostawa: 'WAW01M',
    });
    expect(ok.success).toBe(true);
  });
  it('defaults payment to PayU (10) and accepts only 10 or 20', () => {
    const r = DeliverySchema.parse({ ...address, SposobDostawy: { Id: 1 } });
    expect(r.Platnosc).toBe(10);
    expect(DeliverySchema.safeParse({ ...address, SposobDostawy: { Id: 1 }, Platnosc: 30 }).success).toBe(
      false,
    );
  });
});

describe('cart lines', () => {
  it('needs at least one piece', () => {
    expect(fieldErrors(CartLinesInputSchema.safeParse([{ Id: 0, IdWyrob: 1, Ilosc: 0 }]))['0.Ilosc']).toBe(
      msg.chooseQuantity,
    );
  });
  it('rejects an empty list and non-integers', () => {
    expect(CartLinesInputSchema.safeParse([]).success).toBe(false);
    expect(CartLinesInputSchema.safeParse([{ Id: 0, IdWyrob: 1.5, Ilosc: 1 }]).success).toBe(false);
  });
});

describe('contact form', () => {
  it('shows only the enabled fields and requires those in PolaWymagane', () => {
    const schema = contactMessageSchema([10, 40], [40]);
    expect(fieldErrors(schema.safeParse({}))).toEqual({ email: msg.requiredContact });
    const parsed = schema.parse({ email: 'a@b.pl', phone: '123', message: '' }) as Record<string, unknown>;
    expect(parsed.phone).toBeUndefined();
  });
});

describe('company invoice: name and NIP by its checksum', () => {
  it('keeps a valid NIP as 10 digits, as typed with dashes or spaces', () => {
    expect(InvoiceSchema.parse({ Nazwa: ' Kibice sp. z o.o. ', NIP: '123-456-32-18' })).toEqual({
      Nazwa: 'Kibice sp. z o.o.',
      NIP: '1234563218',
    });
    expect(InvoiceSchema.parse({ Nazwa: 'A', NIP: '123 456 32 18' }).NIP).toBe('1234563218');
  });

  it('refuses a wrong check digit, a wrong length, letters; an empty NIP or name is required', () => {
    for (const nip of ['1234563217', '123456321', '12345632180', 'PL1234563218', '1000000010']) {
      expect(fieldErrors(InvoiceSchema.safeParse({ Nazwa: 'A', NIP: nip }))).toEqual({ NIP: msg.invalidNip });
    }
    expect(fieldErrors(InvoiceSchema.safeParse({ Nazwa: '', NIP: '' }))).toEqual({
      Nazwa: msg.required,
      NIP: msg.required,
    });
  });

  it('is optional in the delivery data: absent or null means no invoice', () => {
    const base = { ...address, SposobDostawy: { Id: 1, Tresc: 'Kurier DPD' } };
    expect(DeliverySchema.parse(base).Faktura).toBeNull();
    expect(DeliverySchema.parse({ ...base, Faktura: null }).Faktura).toBeNull();
    expect(fieldErrors(DeliverySchema.safeParse({ ...base, Faktura: { Nazwa: 'A', NIP: '1' } }))).toEqual({
      'Faktura.NIP': msg.invalidNip,
    });
  });
});

describe('order placement: the regulamin must be accepted', () => {
  const order = { ...address, SposobDostawy: { Id: 1 }, Guid: 'g' };
  it('refuses a false acceptance with the Polish message, takes true and the spec payload without it', () => {
    expect(PlaceOrderSchema.safeParse(order).success).toBe(true);
    expect(fieldErrors(OrderTermsSchema.safeParse({}))).toEqual({
      AkceptacjaRegulaminu: msg.orderTermsRequired,
    });
    for (const value of [false, 'true', 1]) {
      expect(fieldErrors(PlaceOrderSchema.safeParse({ ...order, AkceptacjaRegulaminu: value }))).toEqual({
        AkceptacjaRegulaminu: msg.orderTermsRequired,
      });
    }
    expect(PlaceOrderSchema.safeParse({ ...order, AkceptacjaRegulaminu: true }).success).toBe(true);
  });
});
