// Method and path of every endpoint, without their schemas: the browser's API client needs only
// these, and importing the full table (endpoints.ts) would ship zod and every schema with each page.
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointRoute = {
  method: Method;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  auth?: boolean;
  /**
   * A manager's panel endpoint: needs the panel session cookie (never a shop ticket) of a
   * 'manager' or 'owner' of this club; 'owner': owners only.
   */
  panel?: 'manager' | 'owner';
  /** Answers text/plain; the others JSON. */
  text?: boolean;
};

const A = '/api/andromeda/kontopanel';
const S = '/api/centauri/sklepyonline';
const C = '/api/cms';

/** The storefront's and the account's endpoints: what a shopper's browser may call. */
export const shopEndpointRoutes = {
  register: {
    method: 'POST',
    path: `${A}/register`,
  },
  confirmAccount: {
    method: 'GET',
    path: `${A}/confirm-account/:guid`,
  },
  login: {
    method: 'POST',
    path: `${A}/login`,
  },
  changePassword: {
    method: 'POST',
    path: `${A}/changepassword`,
    auth: true,
  },
  remindPassword: {
    method: 'POST',
    path: `${A}/remindpassword`,
  },
  remindPasswordSetNew: {
    method: 'POST',
    path: `${A}/remindpasswordsetnew`,
  },
  resendConfirmation: {
    method: 'POST',
    path: `${A}/resendconfirmation`,
  },
  changeEmail: {
    method: 'POST',
    path: `${A}/changeemail`,
    auth: true,
  },
  changeEmailConfirm: {
    method: 'GET',
    path: `${A}/changeemailconfirm/:hash`,
    auth: true,
  },
  getProfileInfo: {
    method: 'POST',
    path: `${A}/getprofileinfo`,
    auth: true,
  },
  getLoggedInUserInfo: {
    method: 'GET',
    path: `${A}/getloggedinuserinfo`,
    auth: true,
  },
  logout: {
    method: 'POST',
    path: `${A}/logout`,
    auth: true,
  },
  saveProfile: {
    method: 'POST',
    path: `${S}/zapiszprofil`,
    auth: true,
  },
  getAddress: {
    method: 'GET',
    path: `${S}/getadres`,
    auth: true,
  },
  getCartCount: {
    method: 'GET',
    path: `${S}/getkoszykilosc/:guid`,
  },
  getProducts: {
    method: 'GET',
    path: `${S}/getProdukty/:offset/:count`,
  },
  getProduct: {
    method: 'GET',
    path: `${S}/pokazProdukt/:id`,
  },
  getCategories: {
    method: 'GET',
    path: `${S}/pobierzKatalogi`,
  },
  getCategoryCounts: {
    method: 'GET',
    path: `${S}/getiloscwyrobowdlakatalogu/`,
  },
  getProductCount: {
    method: 'GET',
    path: `${S}/getiloscproduktow`,
  },
  searchProducts: {
    method: 'GET',
    path: `${S}/szukaj`,
  },
  getSitemapIndex: {
    method: 'GET',
    path: `${S}/mapastrony`,
  },
  getSitemapProducts: {
    method: 'GET',
    path: `${S}/mapastrony/:plik`,
  },
  addToCart: {
    method: 'POST',
    path: `${S}/koszyk/:guid`,
    text: true,
  },
  getCart: {
    method: 'GET',
    path: `${S}/koszyk/:guid`,
  },
  setCartCode: {
    method: 'POST',
    path: `${S}/koszyk/:guid/kod`,
  },
  removeCartCode: {
    method: 'DELETE',
    path: `${S}/koszyk/:guid/kod`,
  },
  setCartGiftCard: {
    method: 'POST',
    path: `${S}/koszyk/:guid/karta`,
  },
  removeCartGiftCard: {
    method: 'DELETE',
    path: `${S}/koszyk/:guid/karta`,
  },
  getGiftCardBalance: {
    method: 'POST',
    path: `${S}/kartapodarunkowa/saldo`,
  },
  removeCartLine: {
    method: 'DELETE',
    path: `${S}/koszyk/:guid/:positionId`,
  },
  getMemberPrices: {
    method: 'GET',
    path: `${S}/cenyczlonkowskie`,
    auth: true,
  },
  getShipping: {
    method: 'GET',
    path: `${S}/getwysylki`,
  },
  placeOrder: {
    method: 'POST',
    path: `${S}/zlozZamowienie/`,
    text: true,
  },
  getOrderHistory: {
    method: 'GET',
    path: `${S}/pobierzHistorieZamowien`,
    auth: true,
  },
  // Honest payment outcomes
  getOrderDetails: {
    method: 'GET',
    path: `${S}/zamowienie/:id`,
    auth: true,
  },
  getPaymentOutcome: {
    method: 'GET',
    path: `${S}/platnosc/:token`,
  },
  retryPayment: {
    method: 'POST',
    path: `${S}/ponowPlatnosc/`,
  },
  // Withdrawal from the contract: a guest by the e-mail's signed link, a customer from the history
  getWithdrawal: { method: 'GET', path: `${S}/odstapienie/:token` },
  submitWithdrawal: { method: 'POST', path: `${S}/odstapienie/:token` },
  getAccountWithdrawal: { method: 'GET', path: `${S}/zamowienie/:id/odstapienie`, auth: true },
  submitAccountWithdrawal: { method: 'POST', path: `${S}/zamowienie/:id/odstapienie`, auth: true },
  confirmOrder: {
    method: 'POST',
    path: `${S}/potwierdzZamowienie/`,
  },
  getSiteSettings: {
    method: 'GET',
    path: `${C}/stronyfrontend/get`,
  },
  sendMessage: {
    method: 'POST',
    path: `${C}/stronyfrontend/send-message`,
  },
  sendAccreditation: {
    method: 'POST',
    path: `${C}/stronyfrontend/send-formularz-akredytacyjny`,
  },
  getLogoMain: {
    method: 'GET',
    path: `${C}/stronyfrontend/logo/main`,
    text: true,
  },
  getLogoFooter: {
    method: 'GET',
    path: `${C}/stronyfrontend/logo/footer`,
    text: true,
  },
  getBanner: {
    method: 'GET',
    path: `${C}/panelebaneryfrontend/get/:panelId`,
  },
  getMenu: {
    method: 'GET',
    path: `${C}/panelemenufrontend/get/:menuId`,
  },
  getSocial: {
    method: 'GET',
    path: `${C}/panelsocialmediafrontend/list`,
  },
  getContentCategories: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/kategorie/`,
  },
  getSubpages: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/podstrony/:param`,
  },
  getContentCount: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/count/:type`,
  },
  getContentPage: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/get/:slug/:type`,
  },
  getContentList: {
    method: 'GET',
    path: `${C}/paneletrescifrontend/:type/:offset/:count`,
  },
  // invoices: the buyer's (account) and the club's (panel)
  orderInvoices: { method: 'GET', path: `${S}/zamowienie/:id/faktury`, auth: true },
  requestOrderInvoice: { method: 'POST', path: `${S}/zamowienie/:id/faktura`, auth: true },
  orderInvoicePdf: { method: 'GET', path: `${S}/faktura/:id/pdf`, auth: true, text: true },
  // panel: auth, audit, categories, staff
  panelLogin: { method: 'POST', path: '/api/panel/auth/login' },
  panelLogout: { method: 'POST', path: '/api/panel/auth/logout' },
  panelInviteAccept: { method: 'POST', path: '/api/panel/auth/invite' },
  panelRemind: { method: 'POST', path: '/api/panel/auth/remind' },
  panelReset: { method: 'POST', path: '/api/panel/auth/reset' },
  getSeller: { method: 'GET', path: `${C}/stronyfrontend/sprzedawca` },
  // Complaints (reklamacje): the buyer files them from an order; the club answers in the panel.
  fileComplaint: { method: 'POST', path: `${S}/zamowienie/:id/reklamacje`, auth: true },
  getOrderComplaints: { method: 'GET', path: `${S}/zamowienie/:id/reklamacje`, auth: true },
  getComplaintPhoto: { method: 'GET', path: `${S}/reklamacje/:id/zdjecia/:photoId`, auth: true, text: true },
  // Back-in-stock alerts (decision 146): a sign-up, and its unsubscribe page (GET shows, POST withdraws).
  subscribeStockAlert: { method: 'POST', path: `${S}/powiadomienie` },
  getStockAlert: { method: 'GET', path: `${S}/powiadomienie/:token` },
  unsubscribeStockAlert: { method: 'POST', path: `${S}/powiadomienie/:token/wypisz` },
} as const satisfies Record<string, EndpointRoute>;

/** The manager's panel endpoints: kept apart, so the storefront's pages do not ship them. */
export const panelEndpointRoutes = {
  // panel: orders, customers, dashboard
  panelOrders: { method: 'GET', path: '/api/panel/orders', panel: 'manager' },
  panelOrdersCsv: { method: 'GET', path: '/api/panel/orders.csv', panel: 'manager', text: true },
  panelOrdersSummary: { method: 'GET', path: '/api/panel/orders/summary', panel: 'manager' },
  panelOrder: { method: 'GET', path: '/api/panel/orders/:id', panel: 'manager' },
  panelOrderStatus: { method: 'POST', path: '/api/panel/orders/:id/status', panel: 'manager' },
  panelOrderMarkPaid: { method: 'POST', path: '/api/panel/orders/:id/paid', panel: 'owner' },
  panelOrderNote: { method: 'POST', path: '/api/panel/orders/:id/notes', panel: 'manager' },
  panelOrderAddress: { method: 'PUT', path: '/api/panel/orders/:id/address', panel: 'manager' },
  panelOrderLines: { method: 'PUT', path: '/api/panel/orders/:id/lines', panel: 'manager' },
  panelOrderShipment: { method: 'POST', path: '/api/panel/orders/:id/shipment', panel: 'manager' },
  panelOrderRefunds: { method: 'GET', path: '/api/panel/orders/:id/refunds', panel: 'manager' },
  panelOrderRefund: { method: 'POST', path: '/api/panel/orders/:id/refunds', panel: 'owner' },
  panelOrderRefundResend: {
    method: 'POST',
    path: '/api/panel/orders/:id/refunds/:refundId/resend',
    panel: 'owner',
  },
  panelReturns: { method: 'GET', path: '/api/panel/returns', panel: 'manager' },
  panelReturn: { method: 'GET', path: '/api/panel/returns/:id', panel: 'manager' },
  panelReturnState: { method: 'POST', path: '/api/panel/returns/:id/state', panel: 'manager' },
  panelReturnExchange: {
    method: 'PUT',
    path: '/api/panel/returns/:id/lines/:lineId/exchange',
    panel: 'manager',
  },
  panelOrderPackingSlip: {
    method: 'GET',
    path: '/api/panel/orders/:id/packing-slip',
    panel: 'manager',
    text: true,
  },
  panelOrderInvoices: { method: 'GET', path: '/api/panel/orders/:id/invoices', panel: 'manager' },
  panelIssueOrderInvoice: { method: 'POST', path: '/api/panel/orders/:id/invoices', panel: 'manager' },
  panelInvoicePdf: { method: 'GET', path: '/api/panel/invoices/:id/pdf', panel: 'manager', text: true },
  panelInvoicesCsv: { method: 'GET', path: '/api/panel/invoices.csv', panel: 'manager', text: true },
  panelCustomers: { method: 'GET', path: '/api/panel/customers', panel: 'manager' },
  panelCustomer: { method: 'GET', path: '/api/panel/customers/:id', panel: 'manager' },
  panelCustomerAnonymise: { method: 'POST', path: '/api/panel/customers/:id/anonymise', panel: 'manager' },
  panelDashboard: { method: 'GET', path: '/api/panel/dashboard', panel: 'manager' },
  panelMe: { method: 'GET', path: '/api/panel/auth/me', panel: 'manager' },
  panelAudit: { method: 'GET', path: '/api/panel/audit', panel: 'manager' },
  panelCategories: { method: 'GET', path: '/api/panel/categories', panel: 'manager' },
  panelCategoryCreate: { method: 'POST', path: '/api/panel/categories', panel: 'manager' },
  panelCategoryUpdate: { method: 'PATCH', path: '/api/panel/categories/:id', panel: 'manager' },
  panelCategoryReorder: { method: 'POST', path: '/api/panel/categories/reorder', panel: 'manager' },
  panelCategoryDelete: { method: 'DELETE', path: '/api/panel/categories/:id', panel: 'manager' },
  panelCategorySizeGuide: { method: 'GET', path: '/api/panel/categories/:id/size-guide', panel: 'manager' },
  panelCategorySizeGuideSave: {
    method: 'PUT',
    path: '/api/panel/categories/:id/size-guide',
    panel: 'manager',
  },
  panelProductSizeGuide: { method: 'GET', path: '/api/panel/products/:id/size-guide', panel: 'manager' },
  panelProductSizeGuideSave: { method: 'PUT', path: '/api/panel/products/:id/size-guide', panel: 'manager' },
  panelProductPrinting: { method: 'GET', path: '/api/panel/products/:id/printing', panel: 'manager' },
  panelProductPrintingSave: { method: 'PUT', path: '/api/panel/products/:id/printing', panel: 'manager' },
  panelSquad: { method: 'GET', path: '/api/panel/squad', panel: 'manager' },
  panelSquadSave: { method: 'PUT', path: '/api/panel/squad', panel: 'manager' },
  panelPrintQueue: { method: 'GET', path: '/api/panel/print-queue', panel: 'manager' },
  panelPrintQueueMarkLine: { method: 'POST', path: '/api/panel/print-queue/lines/:id', panel: 'manager' },
  panelPrintQueueMarkOrder: { method: 'POST', path: '/api/panel/print-queue/orders/:id', panel: 'manager' },
  panelPreorders: { method: 'GET', path: '/api/panel/preorders', panel: 'manager' },
  panelPreorderSave: {
    method: 'PUT',
    path: '/api/panel/products/:id/variants/:parameterId/preorder',
    panel: 'manager',
  },
  panelStaff: { method: 'GET', path: '/api/panel/staff', panel: 'owner' },
  panelStaffCreate: { method: 'POST', path: '/api/panel/staff', panel: 'owner' },
  panelStaffRole: { method: 'PATCH', path: '/api/panel/staff/:id', panel: 'owner' },
  panelStaffDelete: { method: 'DELETE', path: '/api/panel/staff/:id', panel: 'owner' },
  panelStaffReinvite: { method: 'POST', path: '/api/panel/staff/:id/invite', panel: 'owner' },
  // panel: products
  panelProducts: { method: 'GET', path: '/api/panel/products', panel: 'manager' },
  panelProduct: { method: 'GET', path: '/api/panel/products/:id', panel: 'manager' },
  panelStockAlertCounts: { method: 'GET', path: '/api/panel/products/:id/stock-alerts', panel: 'manager' },
  panelProductCreate: { method: 'POST', path: '/api/panel/products', panel: 'manager' },
  panelProductUpdate: { method: 'PUT', path: '/api/panel/products/:id', panel: 'manager' },
  panelProductStatus: { method: 'POST', path: '/api/panel/products/:id/status', panel: 'manager' },
  // panel: photos
  panelPhotos: { method: 'GET', path: '/api/panel/products/:id/photos', panel: 'manager' },
  panelPhotoUpload: { method: 'POST', path: '/api/panel/products/:id/photos', panel: 'manager' },
  panelPhotoOrder: { method: 'PUT', path: '/api/panel/products/:id/photos/order', panel: 'manager' },
  panelPhotoMain: { method: 'POST', path: '/api/panel/products/:id/photos/:photoId/main', panel: 'manager' },
  panelPhotoDelete: { method: 'DELETE', path: '/api/panel/products/:id/photos/:photoId', panel: 'manager' },
  panelPhotoVariant: {
    method: 'PUT',
    path: '/api/panel/products/:id/photos/:photoId/variant',
    panel: 'manager',
  },
  // panel: banners, menus, social links, sub-pages
  panelBanner: { method: 'GET', path: '/api/panel/banners/:panelId', panel: 'manager' },
  panelBannerUpdate: { method: 'PUT', path: '/api/panel/banners/:panelId', panel: 'manager' },
  panelBannerSlideCreate: { method: 'POST', path: '/api/panel/banners/:panelId/slides', panel: 'manager' },
  panelBannerSlideOrder: {
    method: 'PUT',
    path: '/api/panel/banners/:panelId/slides/order',
    panel: 'manager',
  },
  panelBannerSlideUpdate: {
    method: 'PUT',
    path: '/api/panel/banners/:panelId/slides/:slideId',
    panel: 'manager',
  },
  panelBannerSlideImages: {
    method: 'POST',
    path: '/api/panel/banners/:panelId/slides/:slideId/images',
    panel: 'manager',
  },
  panelBannerSlideMobileDelete: {
    method: 'DELETE',
    path: '/api/panel/banners/:panelId/slides/:slideId/mobile',
    panel: 'manager',
  },
  panelBannerSlideDelete: {
    method: 'DELETE',
    path: '/api/panel/banners/:panelId/slides/:slideId',
    panel: 'manager',
  },
  panelMenu: { method: 'GET', path: '/api/panel/menus/:menuId', panel: 'manager' },
  panelMenuItemCreate: { method: 'POST', path: '/api/panel/menus/:menuId/items', panel: 'manager' },
  panelMenuItemUpdate: { method: 'PATCH', path: '/api/panel/menus/:menuId/items/:id', panel: 'manager' },
  panelMenuReorder: { method: 'POST', path: '/api/panel/menus/:menuId/reorder', panel: 'manager' },
  panelMenuItemDelete: { method: 'DELETE', path: '/api/panel/menus/:menuId/items/:id', panel: 'manager' },
  panelLinkTargets: { method: 'GET', path: '/api/panel/link-targets', panel: 'manager' },
  panelSocial: { method: 'GET', path: '/api/panel/social', panel: 'manager' },
  panelSocialUpdate: { method: 'PUT', path: '/api/panel/social', panel: 'manager' },
  panelPages: { method: 'GET', path: '/api/panel/pages', panel: 'manager' },
  panelPage: { method: 'GET', path: '/api/panel/pages/:id', panel: 'manager' },
  panelPageCreate: { method: 'POST', path: '/api/panel/pages', panel: 'manager' },
  panelPageUpdate: { method: 'PUT', path: '/api/panel/pages/:id', panel: 'manager' },
  panelPageDelete: { method: 'DELETE', path: '/api/panel/pages/:id', panel: 'manager' },
  panelPageImageUpload: { method: 'POST', path: '/api/panel/pages/images', panel: 'manager' },
  // panel: settings, seller data, shipping, payments
  panelSettings: { method: 'GET', path: '/api/panel/settings', panel: 'manager' },
  panelSettingsUpdate: { method: 'PATCH', path: '/api/panel/settings', panel: 'manager' },
  panelLogoUpload: { method: 'POST', path: '/api/panel/settings/logo/:which', panel: 'manager' },
  panelLogoDelete: { method: 'DELETE', path: '/api/panel/settings/logo/:which', panel: 'manager' },
  panelDomains: { method: 'GET', path: '/api/panel/settings/domains', panel: 'manager' },
  panelDomainCreate: { method: 'POST', path: '/api/panel/settings/domains', panel: 'owner' },
  panelDomainDelete: { method: 'DELETE', path: '/api/panel/settings/domains/:id', panel: 'owner' },
  panelDomainClaimVerify: {
    method: 'POST',
    path: '/api/panel/settings/domains/claims/:id/verify',
    panel: 'owner',
  },
  panelDomainClaimDelete: {
    method: 'DELETE',
    path: '/api/panel/settings/domains/claims/:id',
    panel: 'owner',
  },
  panelSeller: { method: 'GET', path: '/api/panel/settings/seller', panel: 'manager' },
  panelSellerUpdate: { method: 'PUT', path: '/api/panel/settings/seller', panel: 'owner' },
  panelShipping: { method: 'GET', path: '/api/panel/shipping', panel: 'manager' },
  panelShippingCreate: { method: 'POST', path: '/api/panel/shipping', panel: 'manager' },
  panelShippingUpdate: { method: 'PATCH', path: '/api/panel/shipping/:id', panel: 'manager' },
  panelShippingReorder: { method: 'POST', path: '/api/panel/shipping/reorder', panel: 'manager' },
  panelShippingDelete: { method: 'DELETE', path: '/api/panel/shipping/:id', panel: 'manager' },
  // panel: promotions and discount codes
  panelPromotions: { method: 'GET', path: '/api/panel/promotions', panel: 'manager' },
  panelPromotion: { method: 'GET', path: '/api/panel/promotions/:id', panel: 'manager' },
  panelPromotionCreate: { method: 'POST', path: '/api/panel/promotions', panel: 'manager' },
  panelPromotionUpdate: { method: 'PATCH', path: '/api/panel/promotions/:id', panel: 'manager' },
  panelPromotionPause: { method: 'POST', path: '/api/panel/promotions/:id/pause', panel: 'manager' },
  panelPromotionResume: { method: 'POST', path: '/api/panel/promotions/:id/resume', panel: 'manager' },
  panelPromotionEnd: { method: 'POST', path: '/api/panel/promotions/:id/end', panel: 'manager' },
  panelPromotionStats: { method: 'GET', path: '/api/panel/promotions/:id/stats', panel: 'manager' },
  panelPromotionCodesCsv: {
    method: 'GET',
    path: '/api/panel/promotions/:id/codes.csv',
    panel: 'manager',
    text: true,
  },
  // panel: gift cards (decision 154)
  panelGiftCards: { method: 'GET', path: '/api/panel/gift-cards', panel: 'manager' },
  panelGiftCard: { method: 'GET', path: '/api/panel/gift-cards/:id', panel: 'manager' },
  panelGiftCardDisable: { method: 'POST', path: '/api/panel/gift-cards/:id/disable', panel: 'manager' },
  // panel: customer groups (member prices)
  panelCustomerGroups: { method: 'GET', path: '/api/panel/customer-groups', panel: 'manager' },
  panelCustomerGroup: { method: 'GET', path: '/api/panel/customer-groups/:id', panel: 'manager' },
  panelCustomerGroupCreate: { method: 'POST', path: '/api/panel/customer-groups', panel: 'manager' },
  panelCustomerGroupUpdate: { method: 'PATCH', path: '/api/panel/customer-groups/:id', panel: 'manager' },
  panelCustomerGroupDelete: { method: 'DELETE', path: '/api/panel/customer-groups/:id', panel: 'manager' },
  panelPayments: { method: 'GET', path: '/api/panel/payments', panel: 'owner' },
  panelPaymentsUpdate: { method: 'PATCH', path: '/api/panel/payments', panel: 'owner' },
  panelPayuSave: { method: 'PUT', path: '/api/panel/payments/payu', panel: 'owner' },
  panelPayuDelete: { method: 'DELETE', path: '/api/panel/payments/payu', panel: 'owner' },
  panelPayuTest: { method: 'POST', path: '/api/panel/payments/payu/test', panel: 'owner' },
  // panel: inbox
  panelInboxSummary: { method: 'GET', path: '/api/panel/inbox/summary', panel: 'manager' },
  panelInboxMessages: { method: 'GET', path: '/api/panel/inbox/messages', panel: 'manager' },
  panelInboxMessage: { method: 'GET', path: '/api/panel/inbox/messages/:id', panel: 'manager' },
  panelInboxMessageState: { method: 'PATCH', path: '/api/panel/inbox/messages/:id', panel: 'manager' },
  panelInboxAccreditations: { method: 'GET', path: '/api/panel/inbox/accreditations', panel: 'manager' },
  panelInboxAccreditation: { method: 'GET', path: '/api/panel/inbox/accreditations/:id', panel: 'manager' },
  panelInboxAccreditationState: {
    method: 'PATCH',
    path: '/api/panel/inbox/accreditations/:id',
    panel: 'manager',
  },
  panelComplaints: { method: 'GET', path: '/api/panel/complaints', panel: 'manager' },
  panelComplaintsSummary: { method: 'GET', path: '/api/panel/complaints/summary', panel: 'manager' },
  panelComplaint: { method: 'GET', path: '/api/panel/complaints/:id', panel: 'manager' },
  panelComplaintStep: { method: 'POST', path: '/api/panel/complaints/:id/state', panel: 'manager' },
  panelComplaintPhoto: {
    method: 'GET',
    path: '/api/panel/complaints/:id/photos/:photoId',
    panel: 'manager',
    text: true,
  },
} as const satisfies Record<string, EndpointRoute>;

export const endpointRoutes = { ...shopEndpointRoutes, ...panelEndpointRoutes } as const;

/** Spec §7: content calls carry the site's host (X-Origin), shop and account calls the club's alias. */
export const isContentEndpoint = (route: EndpointRoute): boolean => route.path.startsWith(`${C}/`);
