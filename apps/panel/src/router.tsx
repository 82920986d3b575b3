import { createBrowserRouter } from 'react-router';
import { Audit, auditLoader } from './screens/Audit.tsx';
import { Categories, categoriesLoader } from './screens/Categories.tsx';
import { Customers, customersLoader } from './screens/Customers.tsx';
import { Dashboard, dashboardLoader } from './screens/Dashboard.tsx';
import { Layout } from './screens/Layout.tsx';
import { Loading } from './screens/Loading.tsx';
import { Login, loginLoader } from './screens/Login.tsx';
import { NotFound } from './screens/NotFound.tsx';
import { OrderDetail, orderLoader } from './screens/OrderDetail.tsx';
import { Orders, ordersLoader } from './screens/Orders.tsx';
import { Products, productsLoader } from './screens/Products.tsx';
import { RouteError } from './screens/RouteError.tsx';
import { sessionLoader } from './session.ts';

/** The product form brings the rich-text editor (TipTap): loaded only when a product is opened. */
const productForm = async () => {
  const m = await import('./screens/ProductForm.tsx');
  return { Component: m.ProductForm, loader: m.productFormLoader };
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
            { path: 'kategorie', element: <Categories />, loader: categoriesLoader },
            { path: 'klienci', element: <Customers />, loader: customersLoader },
            { path: 'dziennik', element: <Audit />, loader: auditLoader },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/panel' },
);
