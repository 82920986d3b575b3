import { api } from '../api.ts';
import { INBOX_CHANGED, unreadCount } from '../lib/inbox.ts';
import { ui } from '../texts.ts';
import { NavBadge } from './NavBadge.tsx';

/** Dispatched on the window when a screen changed an order's status. */
export const ORDERS_CHANGED = 'panel:orders-changed';
/** Dispatched on the window when a screen took a complaint's step. */
export const COMPLAINTS_CHANGED = 'panel:complaints-changed';

const loadInbox = () => api.call('panelInboxSummary').then(unreadCount);
const loadOrders = () => api.call('panelOrdersSummary').then((s) => s.Nowe);
const loadComplaints = () => api.call('panelComplaintsSummary').then((s) => s.Pilne);

/** The navigation's count of unread inbox items. */
export const InboxBadge = () => (
  <NavBadge load={loadInbox} label={ui.nav.inboxUnread} event={INBOX_CHANGED} />
);

/** The navigation's count of orders still 'Nowe': what came in and waits for the club. */
export const OrdersBadge = () => (
  <NavBadge load={loadOrders} label={ui.nav.ordersNew} event={ORDERS_CHANGED} />
);

/** The navigation's count of complaints whose 14-day answer clock is close to running out or has run out. */
export const ComplaintsBadge = () => (
  <NavBadge load={loadComplaints} label={ui.nav.complaintsUrgent} event={COMPLAINTS_CHANGED} />
);
