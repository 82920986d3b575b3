/**
 * What the panel's "Zwrócono pieniądze" step of a complaint hands to the refunds service. The
 * complaint module only records the step; moving money is the refunds service's job (PayU refund
 * API or a recorded bank transfer), wired here when it exists.
 */
export type ComplaintRefund = {
  organisationId: number;
  complaintId: number;
  orderId: number;
  /** The complained order lines (order_lines ids) and quantities. */
  lines: { Id: number; Ilosc: number }[];
  /** The staff member who took the step. */
  userId: number;
};

export type ComplaintRefundHook = (refund: ComplaintRefund) => Promise<void>;

let hook: ComplaintRefundHook = async () => {};

/** Called once per complaint, after the refunded step has committed. */
export const onComplaintRefund = (refund: ComplaintRefund): Promise<void> => hook(refund);

/** The refunds service registers itself here (one hook per process). */
export const setComplaintRefundHook = (next: ComplaintRefundHook) => {
  hook = next;
};
