import { OrderStatus, type PanelOrderDetail, PaymentMethod } from '@club/contract';
import { useState } from 'react';
import { api } from '../api.ts';
import { useSession } from '../session.ts';
import { ui } from '../texts.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';
import { useAction } from './useAction.ts';

const t = ui.order;

/** 'Oznacz jako opłacone' for an unpaid cash-on-delivery order: the owner's (money), after a question. */
export const OrderMarkPaid = ({
  order,
  onChange,
}: {
  order: PanelOrderDetail;
  onChange: (o: PanelOrderDetail) => void;
}) => {
  const session = useSession();
  const [asking, setAsking] = useState(false);
  const { error, notice, run } = useAction();
  const can =
    session.Rola === 'owner' &&
    order.Platnosc.Metoda === PaymentMethod.cashOnDelivery &&
    order.Platnosc.Status !== 'COMPLETED' &&
    order.Status !== OrderStatus.cancelled;
  if (!can && !notice) return null;

  const save = () => {
    setAsking(false);
    return run(() => api.call('panelOrderMarkPaid', { params: { id: order.Id } }), t.paidSaved, onChange);
  };

  return (
    <div className="mt-2 space-y-2">
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {can && (
        <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
          {t.markPaid}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        title={t.confirmPaidTitle}
        confirmLabel={t.confirmPaidButton}
        danger={false}
        onConfirm={save}
        onCancel={() => setAsking(false)}
      >
        <p>{t.confirmPaidText}</p>
      </ConfirmDialog>
    </div>
  );
};
