import { type CartLineInput, msg, type Parameter, type Product, type PromotionPrice } from '@club/contract';

/**
 * The product page's add-to-cart form as pure rules (spec 4 'Product page', 5 'Quantity' and
 * 'Parameter'), so the component only wires them to the DOM and the tests need no browser.
 */

export const MIN_QUANTITY = 1;

/**
 * Spec 3: the first MagazynyStany entry's Stan is the available quantity (0 when there is none).
 * Stock is kept per parameter: with one chosen, its own `Stan` is what can be ordered.
 */
export const stockOf = (
  product: Pick<Product, 'MagazynyStany'> & Partial<Pick<Product, 'Parametry'>>,
  parameterId: number | null = null,
): number => {
  const chosen = parameterId === null ? undefined : product.Parametry?.find((p) => p.Id === parameterId);
  return Math.max(0, chosen?.Stan ?? product.MagazynyStany[0]?.Stan ?? 0);
};

/** A size (or other option) with nothing left: shown, but cannot be chosen. */
export const isSoldOut = (parameter: { Stan?: number }): boolean =>
  parameter.Stan !== undefined && parameter.Stan < 1;

export const isOutOfStock = (stock: number): boolean => stock < MIN_QUANTITY;

/** Clamps a quantity between 1 and the stock (1 when nothing is in stock: the control is disabled then). */
export const clampQuantity = (value: number, stock: number): number => {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  const whole = Math.trunc(value);
  const max = Math.max(MIN_QUANTITY, stock);
  return Math.min(max, Math.max(MIN_QUANTITY, whole));
};

/**
 * What the user typed, clamped; null while the field is empty or holds no number
 * (the form then reports 'Wybierz minimum jeden produkt' on submit).
 */
export const parseQuantity = (raw: string, stock: number): number | null => {
  const text = raw.trim().replace(',', '.');
  if (text === '' || !/^[-+]?\d+(\.\d*)?$/.test(text)) return null;
  return clampQuantity(Number(text), stock);
};

/** Minus: disabled when nothing is in stock or the quantity is already at the minimum. */
export const canDecrement = (quantity: number | null, stock: number): boolean =>
  !isOutOfStock(stock) && quantity !== null && quantity > MIN_QUANTITY;

/** Plus: disabled when nothing is in stock or the quantity equals the stock. */
export const canIncrement = (quantity: number | null, stock: number): boolean =>
  !isOutOfStock(stock) && (quantity === null || quantity < stock);

export const stepQuantity = (quantity: number | null, delta: 1 | -1, stock: number): number =>
  clampQuantity((quantity ?? (delta > 0 ? 0 : MIN_QUANTITY)) + delta, stock);

export type ParameterMode = 'required' | 'optional' | 'absent';

/** Spec 4: parameters and WymagajWybraniaSklep → required; parameters only → optional; none → absent. */
export const parameterMode = (
  product: Pick<Product, 'Parametry' | 'WymagajWybraniaSklep'>,
): ParameterMode => {
  if (product.Parametry.length === 0) return 'absent';
  return product.WymagajWybraniaSklep ? 'required' : 'optional';
};

export type ProductFormState = {
  quantity: number | null;
  /** Id of the chosen option, null when none is chosen. */
  parameterId: number | null;
};

/** The state after loading a product: quantity 1; the single option of a required parameter preselected. */
export const initialFormState = (
  product: Pick<Product, 'Parametry' | 'WymagajWybraniaSklep'>,
): ProductFormState => {
  const only =
    product.Parametry.length === 1 && !isSoldOut(product.Parametry[0]!) ? product.Parametry[0] : undefined;
  return {
    quantity: MIN_QUANTITY,
    parameterId: parameterMode(product) === 'required' && only ? only.Id : null,
  };
};

export type ProductFormErrors = { quantity?: string; parameter?: string };

/** Errors of the form; shown only after the first submit attempt. */
export const validateProductForm = (
  product: Pick<Product, 'Parametry' | 'WymagajWybraniaSklep'>,
  state: ProductFormState,
  stock: number,
): ProductFormErrors => {
  const errors: ProductFormErrors = {};
  if (
    state.quantity === null ||
    state.quantity < MIN_QUANTITY ||
    state.quantity > Math.max(stock, MIN_QUANTITY)
  ) {
    errors.quantity = msg.chooseQuantity;
  }
  const mode = parameterMode(product);
  const chosen = chosenParameter(product, state.parameterId);
  if (mode === 'required' && !chosen) errors.parameter = msg.chooseParameter;
  return errors;
};

export const hasErrors = (errors: ProductFormErrors): boolean => Boolean(errors.quantity || errors.parameter);

export const chosenParameter = (product: Pick<Product, 'Parametry'>, id: number | null): Parameter | null =>
  id === null ? null : (product.Parametry.find((p) => p.Id === id) ?? null);

/** The line POSTed to koszyk/{guid}: Id 0 adds (spec 3 'Cart line to add'). */
export const cartLineFromForm = (
  product: Pick<Product, 'Id' | 'Parametry'>,
  state: ProductFormState,
): CartLineInput => {
  const p = chosenParameter(product, state.parameterId);
  return {
    Id: 0,
    IdWyrob: product.Id,
    Ilosc: state.quantity ?? MIN_QUANTITY,
    Parametr: p ? { Id: p.Id, Nazwa: p.Nazwa } : null,
  };
};

/** Dialog and cart name: the product name, ' - ' and the parameter name when one is chosen. */
export const displayName = (name: string, parameter: Pick<Parameter, 'Nazwa'> | null | undefined): string =>
  parameter ? `${name} - ${parameter.Nazwa}` : name;

/** The values chosen so far, one per named option (null: not chosen). */
export type OptionChoices = (string | null)[];

type WithOptions = Pick<Product, 'Parametry'> & Partial<Pick<Product, 'Opcje'>>;

/** The variant of the chosen values, once each option has one. */
export const variantOf = (product: WithOptions, choices: OptionChoices) => {
  const options = product.Opcje ?? [];
  if (!options.length || choices.length !== options.length || choices.some((c) => c === null)) return null;
  return product.Parametry.find((p) => p.Wartosci?.every((v, i) => v === choices[i])) ?? null;
};

/**
 * Can `value` of option `index` still be bought with the other choices as they are? Sold-out
 * combinations are marked in the list instead of vanishing, so the buyer sees the size exists.
 */
export const valueAvailable = (product: WithOptions, choices: OptionChoices, index: number, value: string) =>
  product.Parametry.some(
    (p) =>
      p.Wartosci?.[index] === value &&
      !isSoldOut(p) &&
      choices.every((c, i) => i === index || c === null || p.Wartosci?.[i] === c),
  );

/** The chosen values after one option changed, and the variant they make (its Id, or null). */
export const chooseValue = (
  product: WithOptions,
  choices: OptionChoices,
  index: number,
  value: string | null,
) => {
  const next = choices.map((c, i) => (i === index ? value : c));
  return { choices: next, parameterId: variantOf(product, next)?.Id ?? null };
};

/**
 * Price shown and charged: a chosen variant's own price, else the product's; and the promotion's
 * cut of it, the chosen variant's (a promotion may take some variants only), else the product's.
 */
export const priceOf = (
  product: Pick<Product, 'Parametry' | 'CenaBrutto' | 'NajnizszaCena30Dni' | 'Promocja'>,
  parameterId: number | null,
): { price: number; lowest: number | null; promotion: PromotionPrice | null } => {
  const v = parameterId === null ? undefined : product.Parametry.find((p) => p.Id === parameterId);
  const promotion = (v ? v.Promocja : product.Promocja) ?? null;
  return v?.CenaBrutto !== undefined
    ? { price: v.CenaBrutto, lowest: v.NajnizszaCena30Dni ?? null, promotion }
    : { price: product.CenaBrutto, lowest: product.NajnizszaCena30Dni, promotion };
};

/** Line value: gross unit price times quantity, in zł, rounded to grosze. */
export const lineTotal = (unitPrice: number, quantity: number): number =>
  Math.round(unitPrice * 100 * quantity) / 100;
