import { createBrowserRouter } from 'react-router';
import { Audit, auditLoader } from './screens/Audit.tsx';
import { Categories, categoriesLoader } from './screens/Categories.tsx';
import { CategorySizeGuide, categorySizeGuideLoader } from './screens/CategorySizeGuide.tsx';
import { ComplaintDetail, Complaints, complaintLoader, complaintsLoader } from './screens/Complaints.tsx';
import { CustomerDetail, customerLoader } from './screens/CustomerDetail.tsx';
import { CustomerGroupForm, customerGroupFormLoader } from './screens/CustomerGroupForm.tsx';
import { CustomerGroups, customerGroupsLoader } from './screens/CustomerGroups.tsx';
import { Customers, customersLoader } from './screens/Customers.tsx';
import { Dashboard, dashboardLoader } from './screens/Dashboard.tsx';
import { GiftCardDetail, GiftCards, giftCardLoader, giftCardsLoader } from './screens/GiftCards.tsx';
import {
  Inbox,
  InboxItem,
  inboxAccreditationLoader,
  inboxAccreditationsLoader,
  inboxMessageLoader,
  inboxMessagesLoader,
} from './screens/Inbox.tsx';
import { Layout } from './screens/Layout.tsx';
import { Loading } from './screens/Loading.tsx';
import { Login, loginLoader } from './screens/Login.tsx';
import { MenuEditor, menuEditorLoader } from './screens/MenuEditor.tsx';
import { NotFound } from './screens/NotFound.tsx';
import { OrderDetail, orderLoader } from './screens/OrderDetail.tsx';
import { Orders, ordersLoader } from './screens/Orders.tsx';
import { Pages, pagesLoader } from './screens/Pages.tsx';
import { Payments, paymentsLoader } from './screens/Payments.tsx';
import { Preorders, preordersLoader } from './screens/Preorders.tsx';
import { PrintQueue, printQueueLoader } from './screens/PrintQueue.tsx';
import { Products, productsLoader } from './screens/Products.tsx';
import { PromotionForm, promotionFormLoader } from './screens/PromotionForm.tsx';
import { Promotions, promotionsLoader } from './screens/Promotions.tsx';
import { RemindPassword } from './screens/RemindPassword.tsx';
import { ReturnDetail, Returns, returnLoader, returnsLoader } from './screens/Returns.tsx';
import { RouteError } from './screens/RouteError.tsx';
import { SellerData, sellerLoader } from './screens/SellerData.tsx';
import { SetPassword, xsrfLoader } from './screens/SetPassword.tsx';
import { Settings, settingsLoader } from './screens/Settings.tsx';
import { Shipping, shippingLoader } from './screens/Shipping.tsx';
import { SocialLinks, socialLinksLoader } from './screens/SocialLinks.tsx';
import { Staff, staffLoader } from './screens/Staff.tsx';
import { sessionLoader } from './session.ts';

/** The product form brings the rich-text editor (TipTap): loaded only when a product is opened. */
const productForm = async () => {
  const m = await import('./screens/ProductForm.tsx');
  return { Component: m.ProductForm, loader: m.productFormLoader };
};

// panel: content screens. The banner editor brings the storefront's banner component for its preview.
const bannerEditor = async () => {
  const m = await import('./screens/BannerEditor.tsx');
  return { Component: m.BannerEditor, loader: m.bannerEditorLoader };
};

// panel: sub-pages. The page editor brings TipTap, like the product form.
const pageEditor = async () => {
  const m = await import('./screens/PageEditor.tsx');
  return { Component: m.PageEditor, loader: m.pageEditorLoader };
};

/** Every screen of the panel, under /panel; the API answers each of these paths with index.html. */
export const router = createBrowserRouter(
  [
    {
      path: '/logowanie',
      element: <Login />,
      loader: loginLoader,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
    },
    // The e-mailed links and "Nie pamiętasz hasła?": no session needed.
    ...(
      [
        ['/zaproszenie/:token', <SetPassword key="invite" kind="invite" />],
        ['/nowe-haslo/:token', <SetPassword key="reset" kind="reset" />],
        ['/przypomnij-haslo', <RemindPassword key="remind" />],
      ] as const
    ).map(([path, element]) => ({
      path,
      element,
      loader: xsrfLoader,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
    })),
    {
      id: 'panel',
      path: '/',
      element: <Layout />,
      loader: sessionLoader,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Dashboard />, loader: dashboardLoader },
            { path: 'produkty', element: <Products />, loader: productsLoader },
            { path: 'produkty/nowy', lazy: productForm },
            { path: 'produkty/:id', lazy: productForm },
            { path: 'zamowienia', element: <Orders />, loader: ordersLoader },
            { path: 'zamowienia/:id', element: <OrderDetail />, loader: orderLoader },
            { path: 'zwroty', element: <Returns />, loader: returnsLoader },
            { path: 'nadruki', element: <PrintQueue />, loader: printQueueLoader },
            { path: 'przedsprzedaz', element: <Preorders />, loader: preordersLoader },
            { path: 'zwroty/:id', element: <ReturnDetail />, loader: returnLoader },
            { path: 'kategorie', element: <Categories />, loader: categoriesLoader },
            {
              path: 'kategorie/:id/tabela-rozmiarow',
              element: <CategorySizeGuide />,
              loader: categorySizeGuideLoader,
            },
            { path: 'klienci', element: <Customers />, loader: customersLoader },
            // panel: customer detail and staff (H1)
            { path: 'klienci/:id', element: <CustomerDetail />, loader: customerLoader },
            { path: 'zespol', element: <Staff />, loader: staffLoader },
            { path: 'dziennik', element: <Audit />, loader: auditLoader },
            // panel: content screens
            { path: 'tresci/baner', lazy: bannerEditor },
            { path: 'tresci/menu/:menuId?', element: <MenuEditor />, loader: menuEditorLoader },
            { path: 'tresci/media-spolecznosciowe', element: <SocialLinks />, loader: socialLinksLoader },
            // panel: sub-pages
            { path: 'tresci/strony', element: <Pages />, loader: pagesLoader },
            { path: 'tresci/strony/nowa', lazy: pageEditor },
            { path: 'tresci/strony/:id', lazy: pageEditor },
            // panel: shipping and payments
            { path: 'dostawa', element: <Shipping />, loader: shippingLoader },
            { path: 'platnosci', element: <Payments />, loader: paymentsLoader },
            // panel: promotions and discount codes
            { path: 'promocje', element: <Promotions />, loader: promotionsLoader },
            { path: 'promocje/nowa', element: <PromotionForm />, loader: promotionFormLoader },
            { path: 'promocje/:id', element: <PromotionForm />, loader: promotionFormLoader },
            // gift cards (decision 154)
            { path: 'karty-podarunkowe', element: <GiftCards />, loader: giftCardsLoader },
            { path: 'karty-podarunkowe/:id', element: <GiftCardDetail />, loader: giftCardLoader },
            // customer groups: the member and sponsor prices' audiences
            { path: 'grupy-klientow', element: <CustomerGroups />, loader: customerGroupsLoader },
            { path: 'grupy-klientow/nowa', element: <CustomerGroupForm />, loader: customerGroupFormLoader },
            { path: 'grupy-klientow/:id', element: <CustomerGroupForm />, loader: customerGroupFormLoader },
            // panel: inbox
            { path: 'skrzynka', element: <Inbox />, loader: inboxMessagesLoader },
            { path: 'skrzynka/akredytacje', element: <Inbox />, loader: inboxAccreditationsLoader },
            { path: 'skrzynka/wiadomosci/:id', element: <InboxItem />, loader: inboxMessageLoader },
            { path: 'skrzynka/akredytacje/:id', element: <InboxItem />, loader: inboxAccreditationLoader },
            { path: 'reklamacje', element: <Complaints />, loader: complaintsLoader },
            { path: 'reklamacje/:id', element: <ComplaintDetail />, loader: complaintLoader },
            // panel: site settings and seller data
            { path: 'ustawienia', element: <Settings />, loader: settingsLoader },
            { path: 'dane-sprzedawcy', element: <SellerData />, loader: sellerLoader },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/panel' },
);
