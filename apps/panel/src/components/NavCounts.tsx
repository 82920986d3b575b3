import { api } from '../api.ts';
import { INBOX_CHANGED, unreadCount } from '../lib/inbox.ts';
import { ui } from '../texts.ts';
import { NavBadge } from './NavBadge.tsx';

/** Dispatched on the window when a screen changed an order's status. */
export const ORDERS_CHANGED = 'panel:orders-changed';

const loadInbox = () => api.call('panelInboxSummary').then(unreadCount);
const loadOrders = () => api.call('panelOrdersSummary').then((s) => s.Nowe);

/** The navigation's count of unread inbox items. */
export const InboxBadge = () => (
  <NavBadge load={loadInbox} label={ui.nav.inboxUnread} event={INBOX_CHANGED} />
);

/** The navigation's count of orders still 'Nowe': what came in and waits for the club. */
export const OrdersBadge = () => (
  <NavBadge load={loadOrders} label={ui.nav.ordersNew} event={ORDERS_CHANGED} />
);
