import { describe, expect, it } from 'vitest';
import {
  canDecrement,
  canIncrement,
  cartLineFromForm,
  chooseValue,
  clampQuantity,
  displayName,
  initialFormState,
  isOutOfStock,
  isSoldOut,
  lineTotal,
  parameterMode,
  parseQuantity,
  priceOf,
  stepQuantity,
  stockOf,
  validateProductForm,
  valueAvailable,
  variantOf,
} from './product-form.ts';

const sizes = [
  { Id: 11, Nazwa: 'S', Stan: 3 },
  { Id: 12, Nazwa: 'M', Stan: 2 },
];
const product = (over: Partial<{ Parametry: typeof sizes; WymagajWybraniaSklep: boolean }> = {}) => ({
  Id: 1,
  Parametry: sizes,
  WymagajWybraniaSklep: true,
  MagazynyStany: [{ Stan: 5 }],
  ...over,
});

describe('stock', () => {
  it('reads the first stock entry, 0 when there is none', () => {
    expect(stockOf({ MagazynyStany: [{ Stan: 40 }, { Stan: 3 }] })).toBe(40);
    expect(stockOf({ MagazynyStany: [] })).toBe(0);
    expect(stockOf({ MagazynyStany: [{ Stan: -2 }] })).toBe(0);
  });
  it('is the chosen parameter’s own stock once one is chosen (stock per parameter)', () => {
    const p = { MagazynyStany: [{ Stan: 5 }], Parametry: sizes };
    expect(stockOf(p, 12)).toBe(2);
    expect(stockOf(p, null)).toBe(5);
    expect(stockOf(p, 999)).toBe(5);
  });
  it('marks a parameter with nothing left as sold out', () => {
    expect(isSoldOut({ Stan: 0 })).toBe(true);
    expect(isSoldOut({ Stan: 1 })).toBe(false);
    expect(isSoldOut({})).toBe(false);
    // A single required option that is sold out is not preselected.
    expect(
      initialFormState(product({ Parametry: [{ Id: 7, Nazwa: 'Uniwersalny', Stan: 0 }] })).parameterId,
    ).toBe(null);
  });
  it('is out of stock below 1', () => {
    expect(isOutOfStock(0)).toBe(true);
    expect(isOutOfStock(1)).toBe(false);
  });
});

describe('quantity', () => {
  it('clamps between 1 and the stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(4, 0)).toBe(1);
  });
  it('parses typed text, null when empty or not a number', () => {
    expect(parseQuantity('50', 40)).toBe(40);
    expect(parseQuantity(' 0 ', 40)).toBe(1);
    expect(parseQuantity('-4', 40)).toBe(1);
    expect(parseQuantity('3', 40)).toBe(3);
    expect(parseQuantity('', 40)).toBeNull();
    expect(parseQuantity('abc', 40)).toBeNull();
  });
  it('disables minus at 1 and when out of stock', () => {
    expect(canDecrement(1, 5)).toBe(false);
    expect(canDecrement(2, 5)).toBe(true);
    expect(canDecrement(2, 0)).toBe(false);
    expect(canDecrement(null, 5)).toBe(false);
  });
  it('disables plus at the stock and when out of stock', () => {
    expect(canIncrement(4, 5)).toBe(true);
    expect(canIncrement(5, 5)).toBe(false);
    expect(canIncrement(1, 1)).toBe(false);
    expect(canIncrement(1, 0)).toBe(false);
  });
  it('steps within the limits', () => {
    expect(stepQuantity(1, 1, 5)).toBe(2);
    expect(stepQuantity(5, 1, 5)).toBe(5);
    expect(stepQuantity(1, -1, 5)).toBe(1);
    expect(stepQuantity(null, 1, 5)).toBe(1);
  });
});

describe('parameter', () => {
  it('is required, optional or absent', () => {
    expect(parameterMode(product())).toBe('required');
    expect(parameterMode(product({ WymagajWybraniaSklep: false }))).toBe('optional');
    expect(parameterMode(product({ Parametry: [], WymagajWybraniaSklep: true }))).toBe('absent');
  });
  it('preselects the only option of a required parameter', () => {
    expect(initialFormState(product({ Parametry: [{ Id: 7, Nazwa: 'Uniwersalny', Stan: 4 }] }))).toEqual({
      quantity: 1,
      parameterId: 7,
    });
    expect(initialFormState(product())).toEqual({ quantity: 1, parameterId: null });
    expect(
      initialFormState(
        product({ Parametry: [{ Id: 7, Nazwa: 'Zielona', Stan: 4 }], WymagajWybraniaSklep: false }),
      ),
    ).toEqual({ quantity: 1, parameterId: null });
  });
});

describe('validation', () => {
  it('asks for a parameter when required and none is chosen', () => {
    expect(validateProductForm(product(), { quantity: 1, parameterId: null }, 5)).toEqual({
      parameter: 'Wybierz parametr',
    });
    expect(validateProductForm(product(), { quantity: 1, parameterId: 12 }, 5)).toEqual({});
    expect(validateProductForm(product(), { quantity: 1, parameterId: 999 }, 5)).toEqual({
      parameter: 'Wybierz parametr',
    });
  });
  it('accepts no parameter when it is optional or absent', () => {
    expect(
      validateProductForm(product({ WymagajWybraniaSklep: false }), { quantity: 1, parameterId: null }, 5),
    ).toEqual({});
    expect(validateProductForm(product({ Parametry: [] }), { quantity: 2, parameterId: null }, 5)).toEqual(
      {},
    );
  });
  it('asks for at least one piece when the quantity is missing', () => {
    expect(validateProductForm(product({ Parametry: [] }), { quantity: null, parameterId: null }, 5)).toEqual(
      {
        quantity: 'Wybierz minimum jeden produkt',
      },
    );
  });
});

describe('cart line and display', () => {
  it('builds the line to add with the chosen option', () => {
    expect(cartLineFromForm(product(), { quantity: 3, parameterId: 12 })).toEqual({
      Id: 0,
      IdWyrob: 1,
      Ilosc: 3,
      Parametr: { Id: 12, Nazwa: 'M' },
    });
    expect(cartLineFromForm(product(), { quantity: 1, parameterId: null })).toEqual({
      Id: 0,
      IdWyrob: 1,
      Ilosc: 1,
      Parametr: null,
    });
  });
  it('appends the parameter name after " - "', () => {
    expect(displayName('Koszulka', { Nazwa: 'XL' })).toBe('Koszulka - XL');
    expect(displayName('Szalik', null)).toBe('Szalik');
  });
  it('multiplies without floating-point noise', () => {
    expect(lineTotal(289.99, 3)).toBe(869.97);
    expect(lineTotal(0.1, 3)).toBe(0.3);
  });
});

describe('named options and their variants', () => {
  const shirt = {
    CenaBrutto: 199,
    NajnizszaCena30Dni: null,
    Opcje: [
      { Nazwa: 'Kolor', Wartosci: ['Biały', 'Czerwony'] },
      { Nazwa: 'Rozmiar', Wartosci: ['M', 'L'] },
    ],
    Parametry: [
      { Id: 1, Nazwa: 'Biały / M', Stan: 3, Wartosci: ['Biały', 'M'] },
      { Id: 2, Nazwa: 'Biały / L', Stan: 0, Wartosci: ['Biały', 'L'] },
      {
        Id: 3,
        Nazwa: 'Czerwony / M',
        Stan: 1,
        Wartosci: ['Czerwony', 'M'],
        CenaBrutto: 229,
        NajnizszaCena30Dni: 249,
      },
      { Id: 4, Nazwa: 'Czerwony / L', Stan: 2, Wartosci: ['Czerwony', 'L'] },
    ],
  };

  it('finds the variant once every option has a value', () => {
    expect(variantOf(shirt, ['Czerwony', null])).toBeNull();
    expect(variantOf(shirt, ['Czerwony', 'L'])?.Id).toBe(4);
    expect(chooseValue(shirt, ['Biały', null], 1, 'M')).toEqual({ choices: ['Biały', 'M'], parameterId: 1 });
    expect(chooseValue(shirt, ['Biały', 'M'], 0, null)).toEqual({ choices: [null, 'M'], parameterId: null });
  });

  it('marks a value sold out only with the other values chosen so far', () => {
    expect(valueAvailable(shirt, [null, null], 1, 'L')).toBe(true); // in red
    expect(valueAvailable(shirt, ['Biały', null], 1, 'L')).toBe(false);
    expect(valueAvailable(shirt, [null, 'L'], 0, 'Biały')).toBe(false);
    expect(valueAvailable(shirt, [null, 'L'], 0, 'Czerwony')).toBe(true);
  });

  it("charges a variant's own price and shows its Omnibus figure", () => {
    expect(priceOf(shirt, 3)).toEqual({ price: 229, lowest: 249, promotion: null });
    expect(priceOf(shirt, 1)).toEqual({ price: 199, lowest: null, promotion: null });
    expect(priceOf(shirt, null)).toEqual({ price: 199, lowest: null, promotion: null });
  });

  it("shows a promotion's cut of the chosen variant, else of the product", () => {
    const sale = { Nazwa: 'Wyprzedaż', CenaPromocyjna: 159.2, NajnizszaCenaPrzedPromocja: 189 };
    const red = { Nazwa: 'Czerwone -10%', CenaPromocyjna: 206.1, NajnizszaCenaPrzedPromocja: 229 };
    const promoted = {
      ...shirt,
      Promocja: sale,
      Parametry: shirt.Parametry.map((p) => ({
        ...p,
        Promocja: p.Id === 3 ? red : p.Id === 1 ? sale : undefined,
      })),
    };
    expect(priceOf(promoted, null)).toEqual({ price: 199, lowest: null, promotion: sale });
    expect(priceOf(promoted, 3)).toEqual({ price: 229, lowest: 249, promotion: red });
    expect(priceOf(promoted, 1).promotion).toBe(sale);
    // A variant the promotion leaves out is at its regular price.
    expect(priceOf(promoted, 4).promotion).toBeNull();
  });
});
