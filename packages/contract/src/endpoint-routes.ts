// Method and path of every endpoint, without their schemas: the browser's API client needs only
// these, and importing the full table (endpoints.ts) would ship zod and every schema with each page.
export type Method = 'GET' | 'POST' | 'DELETE';
export type EndpointRoute = {
  method: Method;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  auth?: boolean;
  /** Answers text/plain; the others JSON. */
  text?: boolean;
};

const A = '/api/andromeda/kontopanel';
const S = '/api/centauri/sklepyonline';
const C = '/api/cms';

export const endpointRoutes = {
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
  addToCart: {
    method: 'POST',
    path: `${S}/koszyk/:guid`,
    text: true,
  },
  getCart: {
    method: 'GET',
    path: `${S}/koszyk/:guid`,
  },
  removeCartLine: {
    method: 'DELETE',
    path: `${S}/koszyk/:guid/:positionId`,
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
} as const satisfies Record<string, EndpointRoute>;

/** Spec §7: content calls carry the site's host (X-Origin), shop and account calls the club's alias. */
export const isContentEndpoint = (route: EndpointRoute): boolean => route.path.startsWith(`${C}/`);
