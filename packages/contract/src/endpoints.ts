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
import { idParam, intParam, MessageSchema, OffsetCountParams } from './common.ts';
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

export type Method = 'GET' | 'POST' | 'DELETE';
export type Endpoint = {
  method: Method;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  auth?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `text` endpoints answer text/plain; the others JSON. */
  response: z.ZodType | 'text';
  tag: 'konto' | 'sklep' | 'cms';
  summary: string;
};

const A = '/api/andromeda/kontopanel';
const S = '/api/centauri/sklepyonline';
const C = '/api/cms';
const guid = z.string().max(100, msg.invalidRequest);
const slug = z.string().min(1).max(200, msg.pageNotFound);

export const endpoints = {
  register: {
    method: 'POST',
    path: `${A}/register`,
    body: RegisterSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Rejestracja konta; wysyła e-mail z linkiem /logowanie/{guid}',
  },
  confirmAccount: {
    method: 'GET',
    path: `${A}/confirm-account/:guid`,
    params: z.object({ guid }),
    response: TicketSchema,
    tag: 'konto',
    summary: 'Potwierdzenie konta linkiem z e-maila; zwraca Ticket',
  },
  login: {
    method: 'POST',
    path: `${A}/login`,
    body: LoginSchema,
    response: TicketSchema,
    tag: 'konto',
    summary: 'Logowanie; zwraca Ticket',
  },
  changePassword: {
    method: 'POST',
    path: `${A}/changepassword`,
    auth: true,
    body: ChangePasswordSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Zmiana hasła',
  },
  remindPassword: {
    method: 'POST',
    path: `${A}/remindpassword`,
    body: RemindPasswordSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Przypomnienie hasła; e-mail z linkiem /resetuj-haslo/{hash}',
  },
  remindPasswordSetNew: {
    method: 'POST',
    path: `${A}/remindpasswordsetnew`,
    body: RemindPasswordSetNewSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Nowe hasło z linku przypomnienia',
  },
  changeEmail: {
    method: 'POST',
    path: `${A}/changeemail`,
    auth: true,
    body: ChangeEmailSchema,
    response: MessageSchema,
    tag: 'konto',
    summary: 'Zmiana e-maila; link /potwierdz-nowy-adres-email/{hash} na nowy adres',
  },
  changeEmailConfirm: {
    method: 'GET',
    path: `${A}/changeemailconfirm/:hash`,
    auth: true,
    params: z.object({ hash: guid }),
    response: MessageSchema,
    tag: 'konto',
    summary: 'Potwierdzenie nowego adresu e-mail',
  },
  getProfileInfo: {
    method: 'POST',
    path: `${A}/getprofileinfo`,
    auth: true,
    response: ProfileInfoSchema,
    tag: 'konto',
    summary: 'Dane profilu',
  },
  getLoggedInUserInfo: {
    method: 'GET',
    path: `${A}/getloggedinuserinfo`,
    auth: true,
    response: UserInfoSchema,
    tag: 'konto',
    summary: 'Zalogowany użytkownik',
  },

  saveProfile: {
    method: 'POST',
    path: `${S}/zapiszprofil`,
    auth: true,
    body: SaveProfileSchema,
    response: MessageSchema,
    tag: 'sklep',
    summary: 'Zapis danych konta i adresu',
  },
  getAddress: {
    method: 'GET',
    path: `${S}/getadres`,
    auth: true,
    response: AddressSchema,
    tag: 'sklep',
    summary: 'Adres dostawy konta',
  },
  getCartCount: {
    method: 'GET',
    path: `${S}/getkoszykilosc/:guid`,
    params: z.object({ guid: guid.optional() }),
    response: z.number().int(),
    tag: 'sklep',
    summary: 'Liczba sztuk w koszyku',
  },
  getProducts: {
    method: 'GET',
    path: `${S}/getProdukty/:offset/:count`,
    params: OffsetCountParams,
    query: ProductsQuerySchema,
    response: z.array(ProductListItemSchema),
    tag: 'sklep',
    summary: 'Lista produktów (kategoria z podkategoriami, wykluczenie produktu)',
  },
  getProduct: {
    method: 'GET',
    path: `${S}/pokazProdukt/:id`,
    params: z.object({ id: intParam(1, 2_147_483_647, msg.productNotFound) }),
    response: ProductSchema,
    tag: 'sklep',
    summary: 'Produkt',
  },
  getCategories: {
    method: 'GET',
    path: `${S}/pobierzKatalogi`,
    response: z.array(CategorySchema),
    tag: 'sklep',
    summary: 'Kategorie',
  },
  getCategoryCounts: {
    method: 'GET',
    path: `${S}/getiloscwyrobowdlakatalogu/`,
    response: CategoryCountsSchema,
    tag: 'sklep',
    summary: 'Liczba produktów w kategoriach (z podkategoriami)',
  },
  addToCart: {
    method: 'POST',
    path: `${S}/koszyk/:guid`,
    params: z.object({ guid: guid.optional() }),
    body: CartLinesInputSchema,
    response: 'text',
    tag: 'sklep',
    summary: 'Dodanie/zmiana pozycji; zwraca guid koszyka (text)',
  },
  getCart: {
    method: 'GET',
    path: `${S}/koszyk/:guid`,
    params: z.object({ guid: guid.optional() }),
    response: CartSchema,
    tag: 'sklep',
    summary: 'Koszyk',
  },
  removeCartLine: {
    method: 'DELETE',
    path: `${S}/koszyk/:guid/:positionId`,
    params: z.object({ guid, positionId: idParam() }),
    response: CartSchema,
    tag: 'sklep',
    summary: 'Usunięcie pozycji koszyka',
  },
  getShipping: {
    method: 'GET',
    path: `${S}/getwysylki`,
    response: z.array(ShippingOptionSchema),
    tag: 'sklep',
    summary: 'Sposoby dostawy',
  },
  placeOrder: {
    method: 'POST',
    path: `${S}/zlozZamowienie/`,
    body: PlaceOrderSchema,
    response: 'text',
    tag: 'sklep',
    summary: 'Złożenie zamówienia; zwraca adres płatności (text)',
  },
  getOrderHistory: {
    method: 'GET',
    path: `${S}/pobierzHistorieZamowien`,
    auth: true,
    response: z.array(HistoryOrderSchema),
    tag: 'sklep',
    summary: 'Historia zamówień',
  },

  getSiteSettings: {
    method: 'GET',
    path: `${C}/stronyfrontend/get`,
    response: SiteSettingsSchema,
    tag: 'cms',
    summary: 'Ustawienia strony',
  },
  sendMessage: {
    method: 'POST',
    path: `${C}/stronyfrontend/send-message`,
    body: ContactMessageBaseSchema,
    response: MessageSchema,
    tag: 'cms',
    summary: 'Formularz kontaktowy',
  },
  sendAccreditation: {
    method: 'POST',
    path: `${C}/stronyfrontend/send-formularz-akredytacyjny`,
    body: AccreditationSchema,
    response: MessageSchema,
    tag: 'cms',
    summary: 'Formularz akredytacyjny',
  },
  getLogoMain: {
    method: 'GET',
    path: `${C}/stronyfrontend/logo/main`,
    query: z.object({ p: z.string().max(100).optional() }),
    response: 'text',
    tag: 'cms',
    summary: 'Logo główne: obraz (image/png), p = alias organizacji',
  },
  getLogoFooter: {
    method: 'GET',
    path: `${C}/stronyfrontend/logo/footer`,
    query: z.object({ p: z.string().max(100).optional() }),
    response: 'text',
    tag: 'cms',
    summary: 'Logo stopki: obraz (image/png), p = alias organizacji',
  },
  getBanner: {
    method: 'GET',
    path: `${C}/panelebaneryfrontend/get/:panelId`,
    params: z.object({ panelId: intParam(1, 1_000_000, msg.bannerNotFound) }),
    response: BannerSchema,
    tag: 'cms',
    summary: 'Baner',
  },
  getMenu: {
    method: 'GET',
    path: `${C}/panelemenufrontend/get/:menuId`,
    params: z.object({ menuId: intParam(1, 1_000_000, msg.notFound) }),
    response: z.array(MenuItemSchema),
    tag: 'cms',
    summary: 'Menu (10, 20, 30)',
  },
  getSocial: {
    method: 'GET',
    path: `${C}/panelsocialmediafrontend/list`,
    response: z.array(SocialLinkSchema),
    tag: 'cms',
    summary: 'Linki społecznościowe',
  },
  getContentCategories: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/kategorie/`,
    response: z.array(ContentCategorySchema),
    tag: 'cms',
    summary: 'Kategorie treści',
  },
  getSubpages: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/podstrony/:param`,
    params: z.object({ param: slug }),
    response: z.array(ContentListItemSchema),
    tag: 'cms',
    summary: 'Podstrony strony nadrzędnej',
  },
  getContentCount: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/count/:type`,
    params: z.object({ type: intParam(1, 1000) }),
    response: z.number().int(),
    tag: 'cms',
    summary: 'Liczba treści danego typu',
  },
  getContentPage: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/get/:slug/:type`,
    params: z.object({ slug, type: intParam(1, 1000, msg.pageNotFound) }),
    response: ContentPageSchema,
    tag: 'cms',
    summary: 'Treść (podstrona typ 20)',
  },
  getContentList: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/:type/:offset/:count`,
    params: OffsetCountParams.extend({ type: intParam(1, 1000) }),
    query: z.object({
      kategorie: z
        .string()
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
