import { z } from 'zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  LoginSchema,
  ProfileInfoSchema,
  RegisterSchema,
  RemindPasswordSchema,
  RemindPasswordSetNewSchema,
  TicketSchema,
  UserInfoSchema,
} from './account.ts';
import {
  boundedText,
  idParam,
  intParam,
  isCleanText,
  MAX_ID,
  MessageSchema,
  OffsetCountParams,
} from './common.ts';
import {
  AccreditationSchema,
  BannerSchema,
  ContactMessageBaseSchema,
  ContentCategorySchema,
  ContentListItemSchema,
  ContentPageSchema,
  MenuItemSchema,
  SiteSettingsSchema,
  SocialLinkSchema,
} from './content.ts';
import { type EndpointRoute, endpointRoutes } from './endpoint-routes.ts';
import { msg } from './messages.ts';
import {
  AddressSchema,
  CartLinesInputSchema,
  CartSchema,
  CategoryCountsSchema,
  CategorySchema,
  HistoryOrderSchema,
  PlaceOrderSchema,
  ProductListItemSchema,
  ProductSchema,
  ProductsQuerySchema,
  SaveProfileSchema,
  ShippingOptionSchema,
} from './shop.ts';

export type Endpoint = EndpointRoute & {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `text` endpoints answer text/plain; the others JSON. */
  response: z.ZodType | 'text';
  tag: 'konto' | 'sklep' | 'cms';
  summary: string;
};

/** A cart guid or a link's token: any other text names nothing. */
const guid = z
  .string({ error: msg.invalidRequest })
  .max(100, { error: msg.invalidRequest, abort: true })
  .refine(isCleanText, msg.invalidCharacters);
const slug = z
  .string({ error: msg.pageNotFound })
  .min(1, { error: msg.pageNotFound, abort: true })
  .max(200, { error: msg.pageNotFound, abort: true })
  .refine(isCleanText, msg.pageNotFound);

export const endpoints = {
  register: {
    ...endpointRoutes.register,
    body: RegisterSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Rejestracja konta; wysyła e-mail z linkiem /logowanie/{guid}',
  },
  confirmAccount: {
    ...endpointRoutes.confirmAccount,
    params: z.object({ guid }),
    response: TicketSchema,
    tag: 'konto',
    summary: 'Potwierdzenie konta linkiem z e-maila; zwraca Ticket',
  },
  login: {
    ...endpointRoutes.login,
    body: LoginSchema,
    response: TicketSchema,
    tag: 'konto',
    summary: 'Logowanie; zwraca Ticket',
  },
  changePassword: {
    ...endpointRoutes.changePassword,
    body: ChangePasswordSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Zmiana hasła',
  },
  remindPassword: {
    ...endpointRoutes.remindPassword,
    body: RemindPasswordSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Przypomnienie hasła; e-mail z linkiem /resetuj-haslo/{hash}',
  },
  remindPasswordSetNew: {
    ...endpointRoutes.remindPasswordSetNew,
    body: RemindPasswordSetNewSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Nowe hasło z linku przypomnienia',
  },
  changeEmail: {
    ...endpointRoutes.changeEmail,
    body: ChangeEmailSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Zmiana e-maila; link /potwierdz-nowy-adres-email/{hash} na nowy adres',
  },
  changeEmailConfirm: {
    ...endpointRoutes.changeEmailConfirm,
    params: z.object({ hash: guid }),
    response: MessageSchema,
    tag: 'konto',
    summary: 'Potwierdzenie nowego adresu e-mail',
  },
  getProfileInfo: {
    ...endpointRoutes.getProfileInfo,
    response: ProfileInfoSchema,
    tag: 'konto',
    summary: 'Dane profilu',
  },
  getLoggedInUserInfo: {
    ...endpointRoutes.getLoggedInUserInfo,
    response: UserInfoSchema,
    tag: 'konto',
    summary: 'Zalogowany użytkownik',
  },
  logout: {
    ...endpointRoutes.logout,
    // 204 No Content: there is nothing to say, and the storefront clears its ticket either way.
    response: z.undefined(),
    tag: 'konto',
    summary: 'Wylogowanie: unieważnia Ticket z nagłówka; odpowiada 204 bez treści',
  },

  saveProfile: {
    ...endpointRoutes.saveProfile,
    body: SaveProfileSchema,
    response: MessageSchema,
    tag: 'sklep',
    summary: 'Zapis danych konta i adresu',
  },
  getAddress: {
    ...endpointRoutes.getAddress,
    response: AddressSchema,
    tag: 'sklep',
    summary: 'Adres dostawy konta',
  },
  getCartCount: {
    ...endpointRoutes.getCartCount,
    params: z.object({ guid: guid.optional() }),
    response: z.number().int(),
    tag: 'sklep',
    summary: 'Liczba sztuk w koszyku',
  },
  getProducts: {
    ...endpointRoutes.getProducts,
    params: OffsetCountParams,
    query: ProductsQuerySchema,
    response: z.array(ProductListItemSchema),
    tag: 'sklep',
    summary: 'Lista produktów (kategoria z podkategoriami, wykluczenie produktu)',
  },
  getProduct: {
    ...endpointRoutes.getProduct,
    params: z.object({ id: intParam(1, MAX_ID, msg.productNotFound) }),
    response: ProductSchema,
    tag: 'sklep',
    summary: 'Produkt',
  },
  getCategories: {
    ...endpointRoutes.getCategories,
    response: z.array(CategorySchema),
    tag: 'sklep',
    summary: 'Kategorie',
  },
  getCategoryCounts: {
    ...endpointRoutes.getCategoryCounts,
    response: CategoryCountsSchema,
    tag: 'sklep',
    summary: 'Liczba produktów w kategoriach (z podkategoriami)',
  },
  addToCart: {
    ...endpointRoutes.addToCart,
    params: z.object({ guid: guid.optional() }),
    body: CartLinesInputSchema,
    response: 'text',
    tag: 'sklep',
    summary: 'Dodanie/zmiana pozycji; zwraca guid koszyka (text)',
  },
  getCart: {
    ...endpointRoutes.getCart,
    params: z.object({ guid: guid.optional() }),
    response: CartSchema,
    tag: 'sklep',
    summary: 'Koszyk',
  },
  removeCartLine: {
    ...endpointRoutes.removeCartLine,
    params: z.object({ guid, positionId: idParam() }),
    response: CartSchema,
    tag: 'sklep',
    summary: 'Usunięcie pozycji koszyka',
  },
  getShipping: {
    ...endpointRoutes.getShipping,
    response: z.array(ShippingOptionSchema),
    tag: 'sklep',
    summary: 'Sposoby dostawy',
  },
  placeOrder: {
    ...endpointRoutes.placeOrder,
    body: PlaceOrderSchema,
    response: 'text',
    tag: 'sklep',
    summary: 'Złożenie zamówienia; zwraca adres płatności (text)',
  },
  getOrderHistory: {
    ...endpointRoutes.getOrderHistory,
    response: z.array(HistoryOrderSchema),
    tag: 'sklep',
    summary: 'Historia zamówień',
  },

  getSiteSettings: {
    ...endpointRoutes.getSiteSettings,
    response: SiteSettingsSchema,
    tag: 'cms',
    summary: 'Ustawienia strony',
  },
  sendMessage: {
    ...endpointRoutes.sendMessage,
    body: ContactMessageBaseSchema,
    response: MessageSchema,
    tag: 'cms',
    summary: 'Formularz kontaktowy',
  },
  sendAccreditation: {
    ...endpointRoutes.sendAccreditation,
    body: AccreditationSchema,
    response: MessageSchema,
    tag: 'cms',
    summary: 'Formularz akredytacyjny',
  },
  getLogoMain: {
    ...endpointRoutes.getLogoMain,
    query: z.object({ p: boundedText(100).optional() }),
    response: 'text',
    tag: 'cms',
    summary: 'Logo główne: obraz (image/png), p = alias organizacji',
  },
  getLogoFooter: {
    ...endpointRoutes.getLogoFooter,
    query: z.object({ p: boundedText(100).optional() }),
    response: 'text',
    tag: 'cms',
    summary: 'Logo stopki: obraz (image/png), p = alias organizacji',
  },
  getBanner: {
    ...endpointRoutes.getBanner,
    params: z.object({ panelId: intParam(1, 1_000_000, msg.bannerNotFound) }),
    response: BannerSchema,
    tag: 'cms',
    summary: 'Baner',
  },
  getMenu: {
    ...endpointRoutes.getMenu,
    params: z.object({ menuId: intParam(1, 1_000_000, msg.notFound) }),
    response: z.array(MenuItemSchema),
    tag: 'cms',
    summary: 'Menu (10, 20, 30)',
  },
  getSocial: {
    ...endpointRoutes.getSocial,
    response: z.array(SocialLinkSchema),
    tag: 'cms',
    summary: 'Linki społecznościowe',
  },
  getContentCategories: {
    ...endpointRoutes.getContentCategories,
    response: z.array(ContentCategorySchema),
    tag: 'cms',
    summary: 'Kategorie treści',
  },
  getSubpages: {
    ...endpointRoutes.getSubpages,
    params: z.object({ param: slug }),
    response: z.array(ContentListItemSchema),
    tag: 'cms',
    summary: 'Podstrony strony nadrzędnej',
  },
  getContentCount: {
    ...endpointRoutes.getContentCount,
    params: z.object({ type: intParam(1, 1000) }),
    response: z.number().int(),
    tag: 'cms',
    summary: 'Liczba treści danego typu',
  },
  getContentPage: {
    ...endpointRoutes.getContentPage,
    params: z.object({ slug, type: intParam(1, 1000, msg.pageNotFound) }),
    response: ContentPageSchema,
    tag: 'cms',
    summary: 'Treść (podstrona typ 20)',
  },
  getContentList: {
    ...endpointRoutes.getContentList,
    params: OffsetCountParams.extend({ type: intParam(1, 1000) }),
    query: z.object({
      kategorie: z
        .string({ error: msg.invalidNumber })
        .max(1100, { error: msg.tooLong, abort: true })
        .regex(/^\d{1,10}(,\d{1,10})*$/, msg.invalidNumber)
        .optional(),
    }),
    response: z.array(ContentListItemSchema),
    tag: 'cms',
    summary: 'Lista treści',
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
