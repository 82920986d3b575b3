import {
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_PHOTO_FIELD,
  COMPLAINT_REQUEST_LABELS,
  COMPLAINT_REQUESTS,
  type Complaint,
  MAX_COMPLAINT_PHOTOS,
  msg,
  type OrderComplaints as OrderComplaintsData,
} from '@club/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { complaintPhotoUrl, sendComplaint } from '../../lib/complaints.ts';
import { accountUi } from '../../texts/account.ts';

const t = accountUi.complaints;

function Photo({ url, n }: { url: string; n: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    complaintPhotoUrl(url).then((u) => {
      made = u;
      setSrc(u);
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? <img src={src} alt={t.photoAlt(n)} className="h-16 w-16 rounded border object-cover" /> : null;
}

function ComplaintItem({ c }: { c: Complaint }) {
  return (
    <li className="rounded border border-gray-200 bg-white p-3 text-sm">
      <p className="font-semibold text-ink">
        {t.item(c.Id)}: {c.StanNazwa}
      </p>
      <p className="text-muted">
        {c.ZadanieNazwa} · {c.Pozycje.map((l) => l.Nazwa).join(', ')}
      </p>
      {c.Stan === 'przyjeta' && <p className="text-muted">{t.deadline(new Date(c.Termin))}</p>}
      {c.Historia.filter((h) => h.Powod).map((h) => (
        <p key={h.Data} className="mt-1 whitespace-pre-wrap">
          {h.Powod}
        </p>
      ))}
      {c.Zdjecia.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {c.Zdjecia.map((p, i) => (
            <Photo key={p.Id} url={p.Url} n={i + 1} />
          ))}
        </div>
      )}
    </li>
  );
}

/** The order's complaints and, on request, the form to file one (lines, description, photos, request). */
export function OrderComplaints({ orderId }: { orderId: number }) {
  const [data, setData] = useState<OrderComplaintsData | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const load = () =>
    api
      .call('getOrderComplaints', { params: { id: String(orderId) } })
      .then(setData)
      .catch(() => setData(null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per order
  useEffect(() => {
    load();
  }, [orderId]);
  useEffect(() => {
    if (error || notice) alertRef.current?.focus();
  }, [error, notice]);
  if (!data) return null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (!form.getAll('Linie').length) return setError(msg.complaintLinesRequired);
    const files = form.getAll(COMPLAINT_PHOTO_FIELD).filter((f) => f instanceof File && f.size > 0);
    if (files.length > MAX_COMPLAINT_PHOTOS) return setError(msg.complaintTooManyPhotos);
    form.delete(COMPLAINT_PHOTO_FIELD);
    for (const f of files) form.append(COMPLAINT_PHOTO_FIELD, f);
    setBusy(true);
    setError('');
    const r = await sendComplaint(orderId, form);
    setBusy(false);
    if (!r.ok) return setError(r.message || msg.genericError);
    setOpen(false);
    setNotice(t.sent);
    await load();
  };

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h4 id={`${id}-h`} className="font-semibold text-ink">
        {t.title}
      </h4>
      {(error || notice) && (
        <p
          ref={alertRef}
          tabIndex={-1}
          role={error ? 'alert' : 'status'}
          className={`text-sm ${error ? 'text-red-700' : 'font-semibold text-primary'}`}
        >
          {error || notice}
        </p>
      )}
      {data.Reklamacje.length > 0 && (
        <ul className="space-y-2">
          {data.Reklamacje.map((c) => (
            <ComplaintItem key={c.Id} c={c} />
          ))}
        </ul>
      )}
      {!open ? (
        <button type="button" className="btn-secondary px-4 text-sm" onClick={() => setOpen(true)}>
          {t.open}
        </button>
      ) : (
        <form onSubmit={submit} className="space-y-3 rounded border border-gray-200 bg-white p-3 text-sm">
          <fieldset>
            <legend className="font-semibold text-ink">{t.lines}</legend>
            {data.Pozycje.map((l) => (
              <label key={l.Id} className="mt-1 flex items-center gap-2">
                <input type="checkbox" name="Linie" value={l.Id} />
                {l.Nazwa} × {l.Ilosc}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1">
            <label htmlFor={`${id}-opis`} className="font-semibold text-ink">
              {t.description}
            </label>
            <textarea
              id={`${id}-opis`}
              name="Opis"
              required
              minLength={10}
              maxLength={COMPLAINT_DESCRIPTION_MAX}
              className="min-h-24 rounded border border-gray-300 p-2"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-zadanie`} className="font-semibold text-ink">
              {t.request}
            </label>
            <select
              id={`${id}-zadanie`}
              name="Zadanie"
              required
              className="rounded border border-gray-300 p-2"
            >
              {COMPLAINT_REQUESTS.map((r) => (
                <option key={r} value={r}>
                  {COMPLAINT_REQUEST_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-zdjecia`} className="font-semibold text-ink">
              {t.photos}
            </label>
            <input
              id={`${id}-zdjecia`}
              type="file"
              name={COMPLAINT_PHOTO_FIELD}
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`${id}-zdjecia-hint`}
            />
            <span id={`${id}-zdjecia-hint`} className="text-muted">
              {t.photosHint}
            </span>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary px-4" disabled={busy}>
              {t.submit}
            </button>
            <button type="button" className="btn-secondary px-4" onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
