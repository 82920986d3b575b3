import type { PanelOrderDetail } from '@club/contract';
import { useState } from 'react';
import { api } from '../api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ui } from '../texts.ts';
import { ErrorBox } from './PageTitle.tsx';
import { useAction } from './useAction.ts';

const t = ui.order;

/** Staff-only notes on the order: who wrote what and when; the buyer never sees them. */
export const OrderNotes = ({
  order,
  onChange,
}: {
  order: PanelOrderDetail;
  onChange: (o: PanelOrderDetail) => void;
}) => {
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();

  const add = () =>
    run(
      () => api.call('panelOrderNote', { params: { id: order.Id }, body: { Tresc: text } }),
      undefined,
      (o) => {
        onChange(o);
        setText('');
      },
    );

  return (
    <section className="card space-y-3" aria-labelledby="notatki-zamowienia">
      <h2 id="notatki-zamowienia" className="text-lg font-semibold">
        {t.notes}
      </h2>
      <p className="text-sm text-muted">{t.notesHint}</p>
      {order.NotatkiWewnetrzne.length > 0 && (
        <ol className="space-y-2">
          {order.NotatkiWewnetrzne.map((n) => (
            <li key={`${n.Data}-${n.Autor}`} className="border-l-4 border-gray-300 pl-3">
              <span className="text-muted">
                {formatDateTime(n.Data)} · {n.Autor}
              </span>
              <span className="block whitespace-pre-line break-words">{n.Tresc}</span>
            </li>
          ))}
        </ol>
      )}
      <ErrorBox>{error}</ErrorBox>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor="nowa-notatka" className="block font-semibold">
          {t.newNote}
        </label>
        <textarea
          id="nowa-notatka"
          className="field"
          rows={3}
          maxLength={2000}
          required
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn-secondary" aria-busy={busy}>
          {t.addNote}
        </button>
      </form>
    </section>
  );
};

/** The order's way through its statuses: who moved it, when, and the note e-mailed with it. */
export const OrderHistory = ({ order }: { order: PanelOrderDetail }) => (
  <section className="card" aria-labelledby="historia-zamowienia">
    <h2 id="historia-zamowienia" className="mb-2 text-lg font-semibold">
      {t.history}
    </h2>
    <ol className="space-y-2">
      {order.Historia.map((h) => (
        <li key={`${h.Data}-${h.NaStatus}`} className="border-l-4 border-primary pl-3">
          <span className="font-semibold">{h.NaStatusNazwa}</span>{' '}
          <span className="text-muted">
            {formatDateTime(h.Data)}
            {h.Uzytkownik && ` · ${h.Uzytkownik}`}
          </span>
          {h.Notatka && <span className="block">{h.Notatka}</span>}
        </li>
      ))}
    </ol>
  </section>
);
