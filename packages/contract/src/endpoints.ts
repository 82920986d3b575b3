import { z } from 'zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  LoginSchema,
  ProfileInfoSchema,
  RegisterSchema,
  RemindPasswordSchema,
  RemindPasswordSetNewSchema,
  ResendConfirmationSchema,
  TicketSchema,
  UserInfoSchema,
} from './account.ts';
import { AccountOrderDetailSchema } from './account-orders.ts';
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
  ComplaintSchema,
  ComplaintStepSchema,
  OrderComplaintsSchema,
  PanelComplaintListSchema,
  PanelComplaintSchema,
  PanelComplaintsQuerySchema,
  PanelComplaintsSummarySchema,
} from './complaints.ts';
import { MENU_IDS } from './constants.ts';
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
import { InvoiceExportQuerySchema, InvoiceRefSchema } from './invoices.ts';
import { msg } from './messages.ts';
import { PanelAuditListSchema, PanelAuditQuerySchema } from './panel-audit.ts';
import {
  PanelLoginSchema,
  PanelRemindSchema,
  PanelSetPasswordSchema,
  PanelUserSchema,
} from './panel-auth.ts';
import {
  PanelCategoryCreateSchema,
  PanelCategoryReorderSchema,
  PanelCategorySchema,
  PanelCategoryUpdateSchema,
} from './panel-categories.ts';
// panel: banners, menus, social links, sub-pages
import {
  PanelBannerSchema,
  PanelBannerSlideInputSchema,
  PanelBannerSlideOrderSchema,
  PanelBannerUpdateSchema,
  PanelLinkTargetSchema,
  PanelMenuItemCreateSchema,
  PanelMenuItemSchema,
  PanelMenuItemUpdateSchema,
  PanelMenuReorderSchema,
  PanelPageImageSchema,
  PanelPageInputSchema,
  PanelPageListSchema,
  PanelPageSchema,
  PanelPagesQuerySchema,
  PanelSocialLinkSchema,
  PanelSocialUpdateSchema,
} from './panel-content.ts';
import {
  PanelCustomerDetailSchema,
  PanelCustomerListSchema,
  PanelCustomersQuerySchema,
} from './panel-customers.ts';
import { PanelDashboardSchema } from './panel-dashboard.ts';
import {
  PanelInboxAccreditationListSchema,
  PanelInboxAccreditationSchema,
  PanelInboxMessageListSchema,
  PanelInboxMessageSchema,
  PanelInboxQuerySchema,
  PanelInboxStateChangeSchema,
  PanelInboxSummarySchema,
} from './panel-inbox.ts';
import {
  PanelOrderAddressSchema,
  PanelOrderDetailSchema,
  PanelOrderLinesSchema,
  PanelOrderListSchema,
  PanelOrderNoteSchema,
  PanelOrderStatusChangeSchema,
  PanelOrdersQuerySchema,
  PanelOrdersSummarySchema,
} from './panel-orders.ts';
// panel: settings, seller data, shipping, payments
import {
  PanelPaymentsSchema,
  PanelPaymentsUpdateSchema,
  PanelPayuInputSchema,
  PanelPayuTestSchema,
} from './panel-payments.ts';
import { PanelPhotoListSchema, PanelPhotoOrderSchema, PanelPhotoVariantSchema } from './panel-photos.ts';
import {
  PanelProductInputSchema,
  PanelProductListSchema,
  PanelProductSchema,
  PanelProductStatusInputSchema,
  PanelProductsQuerySchema,
} from './panel-products.ts';
import {
  LogoKindParams,
  PanelDomainClaimSchema,
  PanelDomainCreateSchema,
  PanelDomainListSchema,
  PanelDomainSchema,
  PanelSellerInputSchema,
  PanelSellerSchema,
  PanelSettingsSchema,
  PanelSettingsUpdateSchema,
  SellerSchema,
} from './panel-settings.ts';
import { PanelOrderShipmentSchema } from './panel-shipment.ts';
import {
  PanelShippingCreateSchema,
  PanelShippingListSchema,
  PanelShippingOptionSchema,
  PanelShippingReorderSchema,
  PanelShippingUpdateSchema,
} from './panel-shipping.ts';
import {
  PanelStaffCreateSchema,
  PanelStaffListSchema,
  PanelStaffMemberSchema,
  PanelStaffRoleSchema,
} from './panel-staff.ts';
import { PanelPreorderSettingsSchema, PanelPreordersSchema } from './preorders.ts';
import {
  PanelPrintingSchema,
  PrintQueueMarkSchema,
  PrintQueueQuerySchema,
  PrintQueueSchema,
  SquadSaveSchema,
  SquadSchema,
} from './printing.ts';
import { PanelOrderRefundsSchema, RefundSelectionSchema } from './refunds.ts';
import { SearchQuerySchema, SearchResultSchema } from './search.ts';
import {
  AddressSchema,
  CartLinesInputSchema,
  CartSchema,
  CategoryCountsSchema,
  CategorySchema,
  HistoryOrderSchema,
  InvoiceSchema,
  OrderConfirmedSchema,
  OrderConfirmSchema,
  PaymentOutcomeSchema,
  PaymentTokenSchema,
  PlaceOrderSchema,
  ProductCountQuerySchema,
  ProductListItemSchema,
  ProductSchema,
  ProductsQuerySchema,
  SaveProfileSchema,
  ShippingOptionSchema,
  SitemapIndexSchema,
} from './shop.ts';
import { PanelSizeGuideSaveSchema, PanelSizeGuideSchema } from './size-guide.ts';
import {
  PanelStockAlertCountsSchema,
  StockAlertReceiptSchema,
  StockAlertRequestSchema,
  StockAlertSchema,
  StockAlertTokenParams,
} from './stock-alerts.ts';
import {
  PanelReturnExchangeSchema,
  PanelReturnListSchema,
  PanelReturnSchema,
  PanelReturnStateChangeSchema,
  PanelReturnsQuerySchema,
  WithdrawalOfferSchema,
  WithdrawalReceiptSchema,
  WithdrawalRequestSchema,
  WithdrawalTokenSchema,
} from './withdrawals.ts';

export type Endpoint = EndpointRoute & {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `text` endpoints answer text/plain; the others JSON. */
  response: z.ZodType | 'text';
  tag: 'konto' | 'sklep' | 'cms' | 'panel';
  summary: string;
  /**
   * Error answers of this endpoint's own (a conflict, an upload refused, PayU unreachable), beside
   * those the route's kind brings (validation, login, club, limits, outage: apps/api/src/lib/route.ts).
   */
  errors?: readonly EndpointErrorStatus[];
};

/** Statuses an endpoint may name in `errors`, each answered with `{ Message }` like all errors. */
export type EndpointErrorStatus = 401 | 409 | 410 | 413 | 415 | 502;

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

// panel: banners, menus
const bannerPanelId = intParam(1, 1_000_000, msg.bannerNotFound);
const menuId = z
  .string({ error: msg.menuNotFound })
  .refine((v) => (MENU_IDS as readonly number[]).map(String).includes(v), {
    error: msg.menuNotFound,
    abort: true,
  })
  .transform(Number);

/** A logo's query: p = the club's alias, v = the logo's version, f=webp for the smaller copy. */
const LogoQuerySchema = z.object({
  p: boundedText(100).optional(),
  v: boundedText(100).optional(),
  f: z.enum(['webp']).optional(),
});

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
  resendConfirmation: {
    ...endpointRoutes.resendConfirmation,
    body: ResendConfirmationSchema,
    response: MessageSchema,
    tag: 'konto',
    summary:
      'Nowy link aktywacyjny dla konta, które czeka na potwierdzenie (ta sama odpowiedź dla każdego adresu)',
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
    errors: [409],
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
    summary: 'Lista produktów (kategoria z podkategoriami, wykluczenie produktu, sortowanie)',
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
  getProductCount: {
    ...endpointRoutes.getProductCount,
    query: ProductCountQuerySchema,
    response: z.number().int(),
    tag: 'sklep',
    summary: 'Liczba produktów listy (kategoria z podkategoriami): do stronicowania',
  },
  searchProducts: {
    ...endpointRoutes.searchProducts,
    query: SearchQuerySchema,
    response: SearchResultSchema,
    tag: 'sklep',
    summary: 'Wyszukiwanie produktów (bez polskich znaków, z literówkami); count=6: podpowiedzi',
  },
  getSitemapIndex: {
    ...endpointRoutes.getSitemapIndex,
    response: SitemapIndexSchema,
    tag: 'sklep',
    summary: 'Mapa strony: liczba plików z produktami',
  },
  getSitemapProducts: {
    ...endpointRoutes.getSitemapProducts,
    params: z.object({ plik: intParam(1, 10_000, msg.notFound) }),
    response: z.array(z.number().int()),
    tag: 'sklep',
    summary: 'Mapa strony: identyfikatory produktów jednego pliku',
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
    errors: [401, 409, 502],
  },
  getOrderHistory: {
    ...endpointRoutes.getOrderHistory,
    response: z.array(HistoryOrderSchema),
    tag: 'sklep',
    summary: 'Historia zamówień',
  },
  getOrderDetails: {
    ...endpointRoutes.getOrderDetails,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    response: AccountOrderDetailSchema,
    tag: 'sklep',
    summary: 'Szczegóły zamówienia klienta: dostawa, adres, stan płatności',
  },
  // Honest payment outcomes
  getPaymentOutcome: {
    ...endpointRoutes.getPaymentOutcome,
    params: z.object({ token: PaymentTokenSchema }),
    response: PaymentOutcomeSchema,
    tag: 'sklep',
    summary: 'Wynik płatności zamówienia (token z adresu powrotu)',
  },
  retryPayment: {
    ...endpointRoutes.retryPayment,
    body: z.object({ Token: PaymentTokenSchema }),
    response: z.object({ Url: z.string() }),
    tag: 'sklep',
    summary: 'Nowa płatność dla nieopłaconego zamówienia',
    errors: [409, 502],
  },
  getWithdrawal: {
    ...endpointRoutes.getWithdrawal,
    params: z.object({ token: WithdrawalTokenSchema }),
    response: WithdrawalOfferSchema,
    tag: 'sklep',
    summary: 'Odstąpienie od umowy: zamówienie i pozycje (token z e-maila)',
    errors: [410],
  },
  submitWithdrawal: {
    ...endpointRoutes.submitWithdrawal,
    params: z.object({ token: WithdrawalTokenSchema }),
    body: WithdrawalRequestSchema,
    response: WithdrawalReceiptSchema,
    tag: 'sklep',
    summary: 'Odstąpienie od umowy (gość, token z e-maila); potwierdzenie e-mailem',
    errors: [409, 410],
  },
  getAccountWithdrawal: {
    ...endpointRoutes.getAccountWithdrawal,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    response: WithdrawalOfferSchema,
    tag: 'sklep',
    summary: 'Odstąpienie od umowy: zamówienie klienta i pozycje',
  },
  submitAccountWithdrawal: {
    ...endpointRoutes.submitAccountWithdrawal,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    body: WithdrawalRequestSchema,
    response: WithdrawalReceiptSchema,
    tag: 'sklep',
    summary: 'Odstąpienie od umowy (klient); potwierdzenie e-mailem',
    errors: [409],
  },
  confirmOrder: {
    ...endpointRoutes.confirmOrder,
    body: OrderConfirmSchema,
    response: OrderConfirmedSchema,
    tag: 'sklep',
    summary: 'Potwierdzenie wstrzymanego zamówienia za pobraniem linkiem z e-maila (jednorazowy token)',
    errors: [409, 410],
  },

  subscribeStockAlert: {
    ...endpointRoutes.subscribeStockAlert,
    body: StockAlertRequestSchema,
    response: StockAlertReceiptSchema,
    tag: 'sklep',
    summary: 'Powiadom mnie: jeden e-mail, gdy wyprzedany wariant (lub produkt) wróci do sprzedaży',
    errors: [409],
  },
  getStockAlert: {
    ...endpointRoutes.getStockAlert,
    params: StockAlertTokenParams,
    response: StockAlertSchema,
    tag: 'sklep',
    summary: 'Powiadomienie o dostępności: co czeka (strona wypisania, przed potwierdzeniem)',
  },
  unsubscribeStockAlert: {
    ...endpointRoutes.unsubscribeStockAlert,
    params: StockAlertTokenParams,
    response: MessageSchema,
    tag: 'sklep',
    summary: 'Wypisanie z powiadomienia o dostępności (link z e-maila lub potwierdzenia)',
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
    // v: the logo's version (settings' WersjeLogo): the current one is cached as immutable.
    query: LogoQuerySchema,
    response: 'text',
    tag: 'cms',
    summary:
      'Logo główne: obraz (image/png), p = alias organizacji, v = wersja logo, f=webp: mniejsza kopia WebP do stron',
  },
  getLogoFooter: {
    ...endpointRoutes.getLogoFooter,
    query: LogoQuerySchema,
    response: 'text',
    tag: 'cms',
    summary:
      'Logo stopki: obraz (image/png), p = alias organizacji, v = wersja logo, f=webp: mniejsza kopia WebP do stron',
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
  // panel: orders, customers, dashboard
  panelOrders: {
    ...endpointRoutes.panelOrders,
    query: PanelOrdersQuerySchema,
    response: PanelOrderListSchema,
    tag: 'panel',
    summary: 'Panel: lista zamówień (filtry: status, platnosc, od, do; q: numer, e-mail, nazwa)',
  },
  panelOrdersCsv: {
    ...endpointRoutes.panelOrdersCsv,
    query: PanelOrdersQuerySchema,
    response: 'text',
    tag: 'panel',
    summary: 'Panel: eksport listy zamówień do CSV (te same filtry)',
  },
  panelOrdersSummary: {
    ...endpointRoutes.panelOrdersSummary,
    response: PanelOrdersSummarySchema,
    tag: 'panel',
    summary: 'Panel: liczba nowych zamówień (znacznik w menu)',
  },
  panelOrder: {
    ...endpointRoutes.panelOrder,
    params: z.object({ id: idParam() }),
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: szczegóły zamówienia z historią i dozwolonymi statusami',
  },
  panelOrderStatus: {
    ...endpointRoutes.panelOrderStatus,
    params: z.object({ id: idParam() }),
    body: PanelOrderStatusChangeSchema,
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: zmiana statusu zamówienia (e-mail do kupującego)',
    errors: [409],
  },
  panelOrderMarkPaid: {
    ...endpointRoutes.panelOrderMarkPaid,
    params: z.object({ id: idParam() }),
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: zamówienie za pobraniem oznaczone jako opłacone (tylko właściciel)',
    errors: [409],
  },
  panelOrderNote: {
    ...endpointRoutes.panelOrderNote,
    params: z.object({ id: idParam() }),
    body: PanelOrderNoteSchema,
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: notatka wewnętrzna do zamówienia (niewidoczna dla klienta)',
  },
  panelOrderAddress: {
    ...endpointRoutes.panelOrderAddress,
    params: z.object({ id: idParam() }),
    body: PanelOrderAddressSchema,
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: poprawka adresu dostawy przed wysyłką',
    errors: [409],
  },
  panelOrderLines: {
    ...endpointRoutes.panelOrderLines,
    params: z.object({ id: idParam() }),
    body: PanelOrderLinesSchema,
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary:
      'Panel: poprawka pozycji przed wysyłką (rozmiar; mniej sztuk przy nieopłaconym pobraniu); stan magazynu i kwoty idą za nią',
    errors: [409],
  },
  panelOrderShipment: {
    ...endpointRoutes.panelOrderShipment,
    params: z.object({ id: idParam() }),
    body: PanelOrderShipmentSchema,
    response: PanelOrderDetailSchema,
    tag: 'panel',
    summary: 'Panel: przewoźnik i numer przesyłki (e-mail „Zamówienie wysłane” do kupującego)',
    errors: [409],
  },
  panelOrderRefunds: {
    ...endpointRoutes.panelOrderRefunds,
    params: z.object({ id: idParam() }),
    response: PanelOrderRefundsSchema,
    tag: 'panel',
    summary: 'Panel: zwroty pieniędzy zamówienia i to, co można jeszcze zwrócić',
  },
  panelOrderRefund: {
    ...endpointRoutes.panelOrderRefund,
    params: z.object({ id: idParam() }),
    body: RefundSelectionSchema,
    response: PanelOrderRefundsSchema,
    tag: 'panel',
    summary:
      'Panel: zwrot pieniędzy za pozycje i dostawę (PayU przez jego API, za pobraniem przelewem na rachunek kupującego; tylko właściciel)',
    errors: [409, 502],
  },
  panelOrderRefundResend: {
    ...endpointRoutes.panelOrderRefundResend,
    params: z.object({ id: idParam(), refundId: idParam() }),
    response: PanelOrderRefundsSchema,
    tag: 'panel',
    summary:
      'Panel: ponowne wysłanie do PayU zwrotu, który utknął w stanie „Zlecany” (ten sam extRefundId: PayU nie zapłaci dwa razy; tylko właściciel)',
    errors: [409, 502],
  },
  panelReturns: {
    ...endpointRoutes.panelReturns,
    query: PanelReturnsQuerySchema,
    response: PanelReturnListSchema,
    tag: 'panel',
    summary: 'Panel: zwroty po odstąpieniu od umowy (filtr: stan)',
  },
  panelReturn: {
    ...endpointRoutes.panelReturn,
    params: z.object({ id: idParam() }),
    response: PanelReturnSchema,
    tag: 'panel',
    summary: 'Panel: zwrot',
  },
  panelReturnState: {
    ...endpointRoutes.panelReturnState,
    params: z.object({ id: idParam() }),
    body: PanelReturnStateChangeSchema,
    response: PanelReturnSchema,
    tag: 'panel',
    summary:
      'Panel: zmiana stanu zwrotu (e-mail do kupującego); „wymieniony” wysyła wymianę rozmiaru: nowe zamówienie bez płatności',
    errors: [409],
  },
  panelReturnExchange: {
    ...endpointRoutes.panelReturnExchange,
    params: z.object({ id: idParam(), lineId: idParam() }),
    body: PanelReturnExchangeSchema,
    response: PanelReturnSchema,
    tag: 'panel',
    summary:
      'Panel: pozycja zwrotu jako wymiana rozmiaru (kupujący poprosił np. telefonicznie) lub z powrotem jako zwrot pieniędzy',
    errors: [409],
  },
  panelOrderPackingSlip: {
    ...endpointRoutes.panelOrderPackingSlip,
    params: z.object({ id: idParam() }),
    response: 'text',
    tag: 'panel',
    summary: 'Panel: list przewozowy do wydruku (HTML)',
  },
  orderInvoices: {
    ...endpointRoutes.orderInvoices,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    response: z.array(InvoiceRefSchema),
    tag: 'sklep',
    summary: 'Faktury zamówienia klienta (VAT i korekty)',
  },
  requestOrderInvoice: {
    ...endpointRoutes.requestOrderInvoice,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    body: InvoiceSchema,
    response: InvoiceRefSchema,
    tag: 'sklep',
    summary: 'Poproś o fakturę: firma i NIP (z cyfrą kontrolną) do opłaconego zamówienia',
    errors: [409],
  },
  orderInvoicePdf: {
    ...endpointRoutes.orderInvoicePdf,
    params: z.object({ id: intParam(1, MAX_ID, msg.invoiceNotFound) }),
    response: 'text',
    tag: 'sklep',
    summary: 'Faktura klienta jako PDF (tylko własne zamówienia)',
  },
  panelOrderInvoices: {
    ...endpointRoutes.panelOrderInvoices,
    params: z.object({ id: idParam() }),
    response: z.array(InvoiceRefSchema),
    tag: 'panel',
    summary: 'Panel: faktury zamówienia',
  },
  panelIssueOrderInvoice: {
    ...endpointRoutes.panelIssueOrderInvoice,
    params: z.object({ id: idParam() }),
    response: InvoiceRefSchema,
    tag: 'panel',
    summary: 'Panel: wystaw fakturę do zamówienia (na prośbę kupującego)',
    errors: [409],
  },
  panelInvoicePdf: {
    ...endpointRoutes.panelInvoicePdf,
    params: z.object({ id: idParam() }),
    response: 'text',
    tag: 'panel',
    summary: 'Panel: faktura jako PDF',
  },
  panelInvoicesCsv: {
    ...endpointRoutes.panelInvoicesCsv,
    query: InvoiceExportQuerySchema,
    response: 'text',
    tag: 'panel',
    summary: 'Panel: eksport faktur do księgowości (CSV za okres, VAT według stawek)',
  },
  panelCustomers: {
    ...endpointRoutes.panelCustomers,
    query: PanelCustomersQuerySchema,
    response: PanelCustomerListSchema,
    tag: 'panel',
    summary: 'Panel: lista klientów',
  },
  panelCustomer: {
    ...endpointRoutes.panelCustomer,
    params: z.object({ id: idParam() }),
    response: PanelCustomerDetailSchema,
    tag: 'panel',
    summary: 'Panel: klient z zamówieniami',
  },
  panelCustomerAnonymise: {
    ...endpointRoutes.panelCustomerAnonymise,
    params: z.object({ id: idParam() }),
    response: PanelCustomerDetailSchema,
    tag: 'panel',
    summary: 'Panel: anonimizacja danych klienta (RODO); zamówienia zostają',
    errors: [409],
  },
  panelDashboard: {
    ...endpointRoutes.panelDashboard,
    response: PanelDashboardSchema,
    tag: 'panel',
    summary: 'Panel: podsumowanie (zamówienia i przychód, do obsłużenia, niski stan)',
  },
  // panel: auth, audit, categories, staff
  panelLogin: {
    ...endpointRoutes.panelLogin,
    body: PanelLoginSchema,
    response: PanelUserSchema,
    tag: 'panel',
    summary: 'Panel: logowanie kierownika (ustawia ciasteczko sesji panelu)',
  },
  panelLogout: {
    ...endpointRoutes.panelLogout,
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: wylogowanie (unieważnia sesję, 204)',
  },
  panelMe: {
    ...endpointRoutes.panelMe,
    response: PanelUserSchema,
    tag: 'panel',
    summary: 'Panel: zalogowane konto',
  },
  panelInviteAccept: {
    ...endpointRoutes.panelInviteAccept,
    body: PanelSetPasswordSchema,
    response: PanelUserSchema,
    tag: 'panel',
    summary: 'Panel: przyjęcie zaproszenia (ustawia hasło, loguje do panelu)',
  },
  panelRemind: {
    ...endpointRoutes.panelRemind,
    body: PanelRemindSchema,
    response: MessageSchema,
    tag: 'panel',
    summary: 'Panel: link do ustawienia nowego hasła (ta sama odpowiedź dla każdego adresu)',
  },
  panelReset: {
    ...endpointRoutes.panelReset,
    body: PanelSetPasswordSchema,
    response: PanelUserSchema,
    tag: 'panel',
    summary: 'Panel: nowe hasło z linku (zdejmuje blokadę logowania, loguje do panelu)',
  },
  panelAudit: {
    ...endpointRoutes.panelAudit,
    query: PanelAuditQuerySchema,
    response: PanelAuditListSchema,
    tag: 'panel',
    summary: 'Panel: dziennik zmian (kto, kiedy, co, przed i po)',
  },
  panelCategories: {
    ...endpointRoutes.panelCategories,
    response: z.array(PanelCategorySchema),
    tag: 'panel',
    summary: 'Panel: drzewo kategorii z liczbą produktów',
  },
  panelCategoryCreate: {
    ...endpointRoutes.panelCategoryCreate,
    body: PanelCategoryCreateSchema,
    response: PanelCategorySchema,
    tag: 'panel',
    summary: 'Panel: nowa kategoria',
  },
  panelCategoryUpdate: {
    ...endpointRoutes.panelCategoryUpdate,
    params: z.object({ id: idParam() }),
    body: PanelCategoryUpdateSchema,
    response: PanelCategorySchema,
    tag: 'panel',
    summary: 'Panel: zmiana nazwy lub przeniesienie kategorii',
  },
  panelCategoryReorder: {
    ...endpointRoutes.panelCategoryReorder,
    body: PanelCategoryReorderSchema,
    response: z.array(PanelCategorySchema),
    tag: 'panel',
    summary: 'Panel: kolejność podkategorii jednego rodzica',
  },
  panelCategoryDelete: {
    ...endpointRoutes.panelCategoryDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie pustej kategorii (204)',
    errors: [409],
  },
  panelPreorders: {
    ...endpointRoutes.panelPreorders,
    response: PanelPreordersSchema,
    tag: 'panel',
    summary: 'Panel: przedsprzedaże do zrealizowania (warianty, sztuki, zamówienia)',
  },
  panelPreorderSave: {
    ...endpointRoutes.panelPreorderSave,
    params: z.object({ id: idParam(), parameterId: idParam() }),
    body: PanelPreorderSettingsSchema,
    response: PanelPreordersSchema,
    tag: 'panel',
    summary: 'Panel: przedsprzedaż wariantu (data wysyłki i limit; null kończy)',
  },
  panelCategorySizeGuide: {
    ...endpointRoutes.panelCategorySizeGuide,
    params: z.object({ id: idParam() }),
    response: PanelSizeGuideSchema,
    tag: 'panel',
    summary: 'Panel: tabela rozmiarów kategorii',
  },
  panelCategorySizeGuideSave: {
    ...endpointRoutes.panelCategorySizeGuideSave,
    params: z.object({ id: idParam() }),
    body: PanelSizeGuideSaveSchema,
    response: PanelSizeGuideSchema,
    tag: 'panel',
    summary: 'Panel: zapis tabeli rozmiarów kategorii (null usuwa)',
  },
  panelProductSizeGuide: {
    ...endpointRoutes.panelProductSizeGuide,
    params: z.object({ id: idParam() }),
    response: PanelSizeGuideSchema,
    tag: 'panel',
    summary: 'Panel: własna tabela rozmiarów produktu',
  },
  panelProductSizeGuideSave: {
    ...endpointRoutes.panelProductSizeGuideSave,
    params: z.object({ id: idParam() }),
    body: PanelSizeGuideSaveSchema,
    response: PanelSizeGuideSchema,
    tag: 'panel',
    summary: 'Panel: zapis tabeli rozmiarów produktu (null: jak w kategorii)',
  },
  panelProductPrinting: {
    ...endpointRoutes.panelProductPrinting,
    params: z.object({ id: idParam() }),
    response: PanelPrintingSchema,
    tag: 'panel',
    summary: 'Panel: nadruk produktu (ceny, limit znaków, zawodnicy)',
  },
  panelProductPrintingSave: {
    ...endpointRoutes.panelProductPrintingSave,
    params: z.object({ id: idParam() }),
    body: PanelPrintingSchema,
    response: PanelPrintingSchema,
    tag: 'panel',
    summary: 'Panel: zapis nadruku produktu',
  },
  panelSquad: {
    ...endpointRoutes.panelSquad,
    response: SquadSchema,
    tag: 'panel',
    summary: 'Panel: kadra klubu (nazwiska i numery do nadruku)',
  },
  panelSquadSave: {
    ...endpointRoutes.panelSquadSave,
    body: SquadSaveSchema,
    response: SquadSchema,
    tag: 'panel',
    summary: 'Panel: zapis kadry klubu',
  },
  panelPrintQueue: {
    ...endpointRoutes.panelPrintQueue,
    query: PrintQueueQuerySchema,
    response: PrintQueueSchema,
    tag: 'panel',
    summary: 'Panel: kolejka nadruków (do zrobienia / zrobione)',
  },
  panelPrintQueueMarkLine: {
    ...endpointRoutes.panelPrintQueueMarkLine,
    params: z.object({ id: idParam() }),
    body: PrintQueueMarkSchema,
    response: PrintQueueSchema,
    tag: 'panel',
    summary: 'Panel: pozycja z nadrukiem wydrukowana / do zrobienia',
  },
  panelPrintQueueMarkOrder: {
    ...endpointRoutes.panelPrintQueueMarkOrder,
    params: z.object({ id: idParam() }),
    body: PrintQueueMarkSchema,
    response: PrintQueueSchema,
    tag: 'panel',
    summary: 'Panel: wszystkie nadruki zamówienia wydrukowane / do zrobienia',
  },
  panelStaff: {
    ...endpointRoutes.panelStaff,
    response: PanelStaffListSchema,
    tag: 'panel',
    summary: 'Panel: pracownicy sklepu (tylko właściciel)',
  },
  panelStaffCreate: {
    ...endpointRoutes.panelStaffCreate,
    body: PanelStaffCreateSchema,
    response: PanelStaffMemberSchema,
    tag: 'panel',
    summary: 'Panel: dodanie pracownika (e-mail z linkiem do ustawienia hasła)',
    errors: [409],
  },
  panelStaffRole: {
    ...endpointRoutes.panelStaffRole,
    params: z.object({ id: idParam() }),
    body: PanelStaffRoleSchema,
    response: PanelStaffMemberSchema,
    tag: 'panel',
    summary: 'Panel: zmiana roli pracownika',
    errors: [409],
  },
  panelStaffDelete: {
    ...endpointRoutes.panelStaffDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie pracownika (204)',
    errors: [409],
  },
  panelStaffReinvite: {
    ...endpointRoutes.panelStaffReinvite,
    params: z.object({ id: idParam() }),
    response: MessageSchema,
    tag: 'panel',
    summary:
      'Panel: nowe zaproszenie dla pracownika, który jeszcze nie ustawił hasła (poprzedni link przestaje działać)',
    errors: [409],
  },
  // panel: products
  panelProducts: {
    ...endpointRoutes.panelProducts,
    query: PanelProductsQuerySchema,
    response: PanelProductListSchema,
    tag: 'panel',
    summary: 'Panel: lista produktów (q: nazwa; filtry: kategoria, status, stan; sort)',
  },
  panelStockAlertCounts: {
    ...endpointRoutes.panelStockAlertCounts,
    params: z.object({ id: idParam() }),
    response: PanelStockAlertCountsSchema,
    tag: 'panel',
    summary: 'Panel: ile adresów czeka na powrót każdego wariantu produktu (powiadomienia)',
  },
  panelProduct: {
    ...endpointRoutes.panelProduct,
    params: z.object({ id: idParam() }),
    response: PanelProductSchema,
    tag: 'panel',
    summary: 'Panel: produkt z parametrami i stanem każdego z nich',
  },
  panelProductCreate: {
    ...endpointRoutes.panelProductCreate,
    body: PanelProductInputSchema,
    response: PanelProductSchema,
    tag: 'panel',
    summary: 'Panel: nowy produkt',
  },
  panelProductUpdate: {
    ...endpointRoutes.panelProductUpdate,
    params: z.object({ id: idParam() }),
    body: PanelProductInputSchema,
    response: PanelProductSchema,
    tag: 'panel',
    summary: 'Panel: zmiana produktu (parametry bez Id są dodawane, pominięte usuwane)',
  },
  panelProductStatus: {
    ...endpointRoutes.panelProductStatus,
    params: z.object({ id: idParam() }),
    body: PanelProductStatusInputSchema,
    response: PanelProductSchema,
    tag: 'panel',
    summary: 'Panel: publikacja szkicu, ukrycie, pokazanie lub archiwizacja produktu',
  },
  // panel: photos
  panelPhotos: {
    ...endpointRoutes.panelPhotos,
    params: z.object({ id: idParam() }),
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: zdjęcia produktu (pierwsze jest główne)',
  },
  panelPhotoUpload: {
    ...endpointRoutes.panelPhotoUpload,
    params: z.object({ id: idParam() }),
    // No JSON body: multipart/form-data, the files in the field `Pliki` (JPEG, PNG or WebP, up to 10 MB each).
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: dodanie zdjęć (multipart/form-data, pole Pliki, do 10 plików po 10 MB)',
    errors: [409, 413, 415],
  },
  panelPhotoOrder: {
    ...endpointRoutes.panelPhotoOrder,
    params: z.object({ id: idParam() }),
    body: PanelPhotoOrderSchema,
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: nowa kolejność zdjęć (pierwsze staje się główne)',
  },
  panelPhotoMain: {
    ...endpointRoutes.panelPhotoMain,
    params: z.object({ id: idParam(), photoId: idParam() }),
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: ustawienie zdjęcia jako głównego',
  },
  panelPhotoVariant: {
    ...endpointRoutes.panelPhotoVariant,
    params: z.object({ id: idParam(), photoId: idParam() }),
    body: PanelPhotoVariantSchema,
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: które warianty pokazuje zdjęcie (wartość opcji, np. kolor, albo wszystkie)',
  },
  panelPhotoDelete: {
    ...endpointRoutes.panelPhotoDelete,
    params: z.object({ id: idParam(), photoId: idParam() }),
    response: PanelPhotoListSchema,
    tag: 'panel',
    summary: 'Panel: usunięcie zdjęcia',
  },
  // panel: banners, menus, social links, sub-pages
  panelBanner: {
    ...endpointRoutes.panelBanner,
    params: z.object({ panelId: bannerPanelId }),
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: baner ze slajdami (panel 10: baner strony głównej)',
  },
  panelBannerUpdate: {
    ...endpointRoutes.panelBannerUpdate,
    params: z.object({ panelId: bannerPanelId }),
    body: PanelBannerUpdateSchema,
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: wysokość banera',
  },
  panelBannerSlideCreate: {
    ...endpointRoutes.panelBannerSlideCreate,
    params: z.object({ panelId: bannerPanelId }),
    // No JSON body: multipart/form-data, `Plik` (required) and `PlikMobile` (optional).
    response: PanelBannerSchema,
    tag: 'panel',
    summary:
      'Panel: nowy slajd (multipart/form-data: Plik – obraz dla komputerów, PlikMobile – dla telefonów)',
    errors: [409, 413, 415],
  },
  panelBannerSlideOrder: {
    ...endpointRoutes.panelBannerSlideOrder,
    params: z.object({ panelId: bannerPanelId }),
    body: PanelBannerSlideOrderSchema,
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: nowa kolejność slajdów',
  },
  panelBannerSlideUpdate: {
    ...endpointRoutes.panelBannerSlideUpdate,
    params: z.object({ panelId: bannerPanelId, slideId: idParam() }),
    body: PanelBannerSlideInputSchema,
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: teksty, kolory, maska i położenie tekstu slajdu',
  },
  panelBannerSlideImages: {
    ...endpointRoutes.panelBannerSlideImages,
    params: z.object({ panelId: bannerPanelId, slideId: idParam() }),
    // No JSON body: multipart/form-data, `Plik` and/or `PlikMobile`.
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: wymiana obrazów slajdu (multipart/form-data: Plik i/lub PlikMobile)',
    errors: [413, 415],
  },
  panelBannerSlideMobileDelete: {
    ...endpointRoutes.panelBannerSlideMobileDelete,
    params: z.object({ panelId: bannerPanelId, slideId: idParam() }),
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: usunięcie obrazu slajdu dla telefonów (zostaje obraz dla komputerów)',
  },
  panelBannerSlideDelete: {
    ...endpointRoutes.panelBannerSlideDelete,
    params: z.object({ panelId: bannerPanelId, slideId: idParam() }),
    response: PanelBannerSchema,
    tag: 'panel',
    summary: 'Panel: usunięcie slajdu',
  },
  panelMenu: {
    ...endpointRoutes.panelMenu,
    params: z.object({ menuId }),
    response: z.array(PanelMenuItemSchema),
    tag: 'panel',
    summary: 'Panel: pozycje menu (10 główne, 20 boczne, 30 w stopce) w kolejności drzewa',
  },
  panelMenuItemCreate: {
    ...endpointRoutes.panelMenuItemCreate,
    params: z.object({ menuId }),
    body: PanelMenuItemCreateSchema,
    response: PanelMenuItemSchema,
    tag: 'panel',
    summary: 'Panel: nowa pozycja menu (na końcu swojego poziomu)',
    errors: [409],
  },
  panelMenuItemUpdate: {
    ...endpointRoutes.panelMenuItemUpdate,
    params: z.object({ menuId, id: idParam() }),
    body: PanelMenuItemUpdateSchema,
    response: PanelMenuItemSchema,
    tag: 'panel',
    summary: 'Panel: zmiana pozycji menu lub jej przeniesienie (IdParent, Pozycja)',
  },
  panelMenuReorder: {
    ...endpointRoutes.panelMenuReorder,
    params: z.object({ menuId }),
    body: PanelMenuReorderSchema,
    response: z.array(PanelMenuItemSchema),
    tag: 'panel',
    summary: 'Panel: kolejność pozycji jednego poziomu menu',
  },
  panelMenuItemDelete: {
    ...endpointRoutes.panelMenuItemDelete,
    params: z.object({ menuId, id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie pozycji menu razem z podrzędnymi (204)',
  },
  panelLinkTargets: {
    ...endpointRoutes.panelLinkTargets,
    response: z.array(PanelLinkTargetSchema),
    tag: 'panel',
    summary: 'Panel: strony sklepu do wyboru jako adres pozycji menu',
  },
  panelSocial: {
    ...endpointRoutes.panelSocial,
    response: z.array(PanelSocialLinkSchema),
    tag: 'panel',
    summary: 'Panel: linki do serwisów społecznościowych',
  },
  panelSocialUpdate: {
    ...endpointRoutes.panelSocialUpdate,
    body: PanelSocialUpdateSchema,
    response: z.array(PanelSocialLinkSchema),
    tag: 'panel',
    summary:
      'Panel: zapis wszystkich linków społecznościowych (1 Facebook, 2 TikTok, 3 Instagram, 4 YouTube, 5 X)',
  },
  panelPages: {
    ...endpointRoutes.panelPages,
    query: PanelPagesQuerySchema,
    response: PanelPageListSchema,
    tag: 'panel',
    summary: 'Panel: podstrony (q: tytuł lub adres; sort)',
  },
  panelPage: {
    ...endpointRoutes.panelPage,
    params: z.object({ id: idParam() }),
    response: PanelPageSchema,
    tag: 'panel',
    summary: 'Panel: podstrona z treścią i parametrami',
  },
  panelPageCreate: {
    ...endpointRoutes.panelPageCreate,
    body: PanelPageInputSchema,
    response: PanelPageSchema,
    tag: 'panel',
    summary: 'Panel: nowa podstrona (treść oczyszczana z niebezpiecznego HTML)',
    errors: [409],
  },
  panelPageUpdate: {
    ...endpointRoutes.panelPageUpdate,
    params: z.object({ id: idParam() }),
    body: PanelPageInputSchema,
    response: PanelPageSchema,
    tag: 'panel',
    summary: 'Panel: zmiana podstrony (zmiana adresu poprawia linki w menu)',
    errors: [409],
  },
  panelPageDelete: {
    ...endpointRoutes.panelPageDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie podstrony (204)',
    errors: [409],
  },
  panelPageImageUpload: {
    ...endpointRoutes.panelPageImageUpload,
    // No JSON body: multipart/form-data, the image in `Plik`.
    response: PanelPageImageSchema,
    tag: 'panel',
    summary: 'Panel: obraz do treści podstrony (multipart/form-data, pole Plik); zwraca adres',
    errors: [413, 415],
  },
  // panel: settings, seller data, shipping, payments
  panelSettings: {
    ...endpointRoutes.panelSettings,
    response: PanelSettingsSchema,
    tag: 'panel',
    summary:
      'Panel: ustawienia strony (nazwa, SEO, mapa, formularz kontaktowy, sekcje, zakupy bez logowania)',
  },
  panelSettingsUpdate: {
    ...endpointRoutes.panelSettingsUpdate,
    body: PanelSettingsUpdateSchema,
    response: PanelSettingsSchema,
    tag: 'panel',
    summary: 'Panel: zmiana ustawień strony (zmieniają się tylko podane pola)',
  },
  panelLogoUpload: {
    ...endpointRoutes.panelLogoUpload,
    params: LogoKindParams,
    // No JSON body: multipart/form-data, the image in the field `Plik` (JPEG, PNG or WebP).
    response: PanelSettingsSchema,
    tag: 'panel',
    summary: 'Panel: nowe logo główne (main) lub stopki (footer): multipart/form-data, pole Plik',
    errors: [413, 415],
  },
  panelLogoDelete: {
    ...endpointRoutes.panelLogoDelete,
    params: LogoKindParams,
    response: PanelSettingsSchema,
    tag: 'panel',
    summary: 'Panel: usunięcie logo głównego (main) lub stopki (footer)',
  },
  panelDomains: {
    ...endpointRoutes.panelDomains,
    response: PanelDomainListSchema,
    tag: 'panel',
    summary: 'Panel: domeny sklepu',
  },
  panelDomainCreate: {
    ...endpointRoutes.panelDomainCreate,
    body: PanelDomainCreateSchema,
    response: PanelDomainClaimSchema,
    tag: 'panel',
    summary:
      'Panel: dodanie domeny (tylko właściciel): czeka na potwierdzenie rekordem TXT lub plikiem pod /.well-known/',
    errors: [409],
  },
  panelDomainDelete: {
    ...endpointRoutes.panelDomainDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie domeny (tylko właściciel, 204)',
  },
  panelDomainClaimVerify: {
    ...endpointRoutes.panelDomainClaimVerify,
    params: z.object({ id: idParam() }),
    response: PanelDomainSchema,
    tag: 'panel',
    summary: 'Panel: sprawdzenie potwierdzenia domeny (tylko właściciel); potwierdzona zaczyna działać',
    errors: [409],
  },
  panelDomainClaimDelete: {
    ...endpointRoutes.panelDomainClaimDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie domeny czekającej na potwierdzenie (tylko właściciel, 204)',
  },
  panelSeller: {
    ...endpointRoutes.panelSeller,
    response: PanelSellerSchema.nullable(),
    tag: 'panel',
    summary: 'Panel: dane sprzedawcy (null, dopóki nie zapisane)',
  },
  panelSellerUpdate: {
    ...endpointRoutes.panelSellerUpdate,
    body: PanelSellerInputSchema,
    response: PanelSellerSchema,
    tag: 'panel',
    summary:
      'Panel: zapis danych sprzedawcy: firma, adres, NIP, REGON, KRS, kontakt, rachunek (tylko właściciel)',
  },
  getSeller: {
    ...endpointRoutes.getSeller,
    response: SellerSchema,
    tag: 'cms',
    summary: 'Dane sprzedawcy do regulaminu, stopki i e-maili (tylko do odczytu)',
  },
  panelShipping: {
    ...endpointRoutes.panelShipping,
    response: PanelShippingListSchema,
    tag: 'panel',
    summary: 'Panel: sposoby dostawy (także nieaktywne), w kolejności sklepu',
  },
  panelShippingCreate: {
    ...endpointRoutes.panelShippingCreate,
    body: PanelShippingCreateSchema,
    response: PanelShippingOptionSchema,
    tag: 'panel',
    summary: 'Panel: nowy sposób dostawy (na końcu listy)',
  },
  panelShippingUpdate: {
    ...endpointRoutes.panelShippingUpdate,
    params: z.object({ id: idParam() }),
    body: PanelShippingUpdateSchema,
    response: PanelShippingOptionSchema,
    tag: 'panel',
    summary: 'Panel: zmiana sposobu dostawy (także włączenie i wyłączenie)',
  },
  panelShippingReorder: {
    ...endpointRoutes.panelShippingReorder,
    body: PanelShippingReorderSchema,
    response: PanelShippingListSchema,
    tag: 'panel',
    summary: 'Panel: nowa kolejność sposobów dostawy',
  },
  panelShippingDelete: {
    ...endpointRoutes.panelShippingDelete,
    params: z.object({ id: idParam() }),
    response: z.undefined(),
    tag: 'panel',
    summary: 'Panel: usunięcie nieużywanego sposobu dostawy (użyty w zamówieniach: 409, wyłącz go); 204',
    errors: [409],
  },
  panelPayments: {
    ...endpointRoutes.panelPayments,
    response: PanelPaymentsSchema,
    tag: 'panel',
    summary: 'Panel: płatności (PayU bez kluczy tajnych: tylko czy są ustawione; płatność przy odbiorze)',
  },
  panelPaymentsUpdate: {
    ...endpointRoutes.panelPaymentsUpdate,
    body: PanelPaymentsUpdateSchema,
    response: PanelPaymentsSchema,
    tag: 'panel',
    summary: 'Panel: włączenie lub wyłączenie płatności przy odbiorze (tylko właściciel)',
  },
  panelPayuSave: {
    ...endpointRoutes.panelPayuSave,
    body: PanelPayuInputSchema,
    response: PanelPaymentsSchema,
    tag: 'panel',
    summary: 'Panel: konfiguracja PayU klubu; klucze tajne tylko do zapisu, szyfrowane (tylko właściciel)',
  },
  panelPayuDelete: {
    ...endpointRoutes.panelPayuDelete,
    response: PanelPaymentsSchema,
    tag: 'panel',
    summary: 'Panel: usunięcie konfiguracji PayU klubu (tylko właściciel)',
  },
  panelPayuTest: {
    ...endpointRoutes.panelPayuTest,
    body: PanelPayuTestSchema.nullish(),
    response: MessageSchema,
    tag: 'panel',
    summary:
      'Panel: test połączenia z PayU (pobiera token OAuth); pola w treści zastępują zapisane na czas testu',
    errors: [502],
  },
  // panel: inbox
  panelInboxSummary: {
    ...endpointRoutes.panelInboxSummary,
    response: PanelInboxSummarySchema,
    tag: 'panel',
    summary: 'Panel: skrzynka – liczba nieprzeczytanych i niezałatwionych wiadomości i wniosków',
  },
  panelInboxMessages: {
    ...endpointRoutes.panelInboxMessages,
    query: PanelInboxQuerySchema,
    response: PanelInboxMessageListSchema,
    tag: 'panel',
    summary: 'Panel: wiadomości z formularza kontaktowego (stan: nieprzeczytane, niezalatwione, zalatwione)',
  },
  panelInboxMessage: {
    ...endpointRoutes.panelInboxMessage,
    params: z.object({ id: idParam() }),
    response: PanelInboxMessageSchema,
    tag: 'panel',
    summary: 'Panel: wiadomość z formularza kontaktowego (z adresem i tematem odpowiedzi e-mailem)',
  },
  panelInboxMessageState: {
    ...endpointRoutes.panelInboxMessageState,
    params: z.object({ id: idParam() }),
    body: PanelInboxStateChangeSchema,
    response: PanelInboxMessageSchema,
    tag: 'panel',
    summary: 'Panel: oznaczenie wiadomości jako przeczytanej / załatwionej',
  },
  panelInboxAccreditations: {
    ...endpointRoutes.panelInboxAccreditations,
    query: PanelInboxQuerySchema,
    response: PanelInboxAccreditationListSchema,
    tag: 'panel',
    summary: 'Panel: wnioski o akredytację prasową',
  },
  panelInboxAccreditation: {
    ...endpointRoutes.panelInboxAccreditation,
    params: z.object({ id: idParam() }),
    response: PanelInboxAccreditationSchema,
    tag: 'panel',
    summary: 'Panel: wniosek o akredytację (z adresem i tematem odpowiedzi e-mailem)',
  },
  panelInboxAccreditationState: {
    ...endpointRoutes.panelInboxAccreditationState,
    params: z.object({ id: idParam() }),
    body: PanelInboxStateChangeSchema,
    response: PanelInboxAccreditationSchema,
    tag: 'panel',
    summary: 'Panel: oznaczenie wniosku akredytacyjnego jako przeczytanego / załatwionego',
  },
  fileComplaint: {
    ...endpointRoutes.fileComplaint,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    // No JSON body: multipart/form-data with Linie (repeated), Opis, Zadanie and up to 4 files in Zdjecia.
    response: ComplaintSchema,
    tag: 'sklep',
    summary:
      'Reklamacja towaru z zamówienia (multipart/form-data: Linie, Opis, Zadanie, do 4 zdjęć w polu Zdjecia)',
    errors: [413, 415],
  },
  getOrderComplaints: {
    ...endpointRoutes.getOrderComplaints,
    params: z.object({ id: intParam(1, MAX_ID, msg.orderNotFound) }),
    response: OrderComplaintsSchema,
    tag: 'sklep',
    summary: 'Pozycje zamówienia do reklamacji i złożone do niego reklamacje',
  },
  getComplaintPhoto: {
    ...endpointRoutes.getComplaintPhoto,
    params: z.object({ id: idParam(), photoId: idParam() }),
    response: 'text',
    tag: 'sklep',
    summary: 'Zdjęcie dołączone do reklamacji (tylko dla jej autora)',
  },
  panelComplaints: {
    ...endpointRoutes.panelComplaints,
    query: PanelComplaintsQuerySchema,
    response: PanelComplaintListSchema,
    tag: 'panel',
    summary: 'Panel: reklamacje z terminem odpowiedzi',
  },
  panelComplaintsSummary: {
    ...endpointRoutes.panelComplaintsSummary,
    response: PanelComplaintsSummarySchema,
    tag: 'panel',
    summary: 'Panel: liczba pilnych reklamacji (znacznik w menu)',
  },
  panelComplaint: {
    ...endpointRoutes.panelComplaint,
    params: z.object({ id: idParam() }),
    response: PanelComplaintSchema,
    tag: 'panel',
    summary: 'Panel: reklamacja ze zdjęciami i żądaniem kupującego',
  },
  panelComplaintStep: {
    ...endpointRoutes.panelComplaintStep,
    params: z.object({ id: idParam() }),
    body: ComplaintStepSchema,
    response: PanelComplaintSchema,
    tag: 'panel',
    summary: 'Panel: kolejny krok reklamacji (e-mail do kupującego)',
    errors: [409],
  },
  panelComplaintPhoto: {
    ...endpointRoutes.panelComplaintPhoto,
    params: z.object({ id: idParam(), photoId: idParam() }),
    response: 'text',
    tag: 'panel',
    summary: 'Panel: zdjęcie reklamacji',
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
