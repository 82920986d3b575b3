import {
  buildPath,
  endpointRoutes,
  MAX_PHOTO_MB,
  MAX_PHOTOS_PER_UPLOAD,
  type PanelPhotoList,
  PHOTO_UPLOAD_FIELD,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@club/contract';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { api, errorMessage, readCookie } from '../api.ts';
import { ui } from '../texts.ts';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';

const t = ui.photos;

/**
 * Multipart upload with progress: fetch cannot report upload progress, so this one call goes
 * through XMLHttpRequest (same path from the contract's table, same cookie and XSRF pair).
 */
const upload = (productId: number, files: File[], onProgress: (percent: number) => void) =>
  new Promise<PanelPhotoList>((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append(PHOTO_UPLOAD_FIELD, f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildPath(endpointRoutes.panelPhotoUpload.path, { id: productId }));
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as PanelPhotoList);
      else reject({ status: xhr.status, message: (body as { Message?: string } | undefined)?.Message });
    };
    xhr.onerror = () => reject({ status: 0 });
    xhr.send(form);
  });

/** The product's photos: upload several (picker or drag and drop) with progress, reorder, main, delete. */
export const ProductPhotos = ({
  productId,
  onUnauthorised,
}: {
  productId: number;
  onUnauthorised: () => void;
}) => {
  const id = useId();
  const [photos, setPhotos] = useState<PanelPhotoList['Items']>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    api.call('panelPhotos', { params: { id: productId } }).then(
      (list) => setPhotos(list.Items),
      (e) => setError(errorMessage(e, ui.loadFailed)),
    );
  }, [productId]);

  const run = async (action: () => Promise<PanelPhotoList>, done: string) => {
    setError('');
    setNotice('');
    try {
      setPhotos((await action()).Items);
      setNotice(done);
      // The pressed button may be gone now (a photo moved, deleted or made main): keep the keyboard in the section.
      document.getElementById(`${id}-title`)?.focus();
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 401) return onUnauthorised();
      setError((e as { message?: string }).message ?? errorMessage(e, ui.genericError));
    }
  };

  const send = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length || progress !== null) return;
    setProgress(0);
    await run(() => upload(productId, files, setProgress), t.uploaded(files.length));
    setProgress(null);
  };

  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.Id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    return run(
      () => api.call('panelPhotoOrder', { params: { id: productId }, body: { Kolejnosc: order } }),
      t.moved,
    );
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void send(e.dataTransfer.files);
  };

  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} className="text-lg font-semibold">
        {t.title}
      </h2>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the labelled file picker inside is the keyboard's way in */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 text-center ${
          dragging ? 'border-primary bg-primary-light' : 'border-gray-400'
        }`}
      >
        <p className="mb-2 text-muted">{t.dropHint}</p>
        <label htmlFor={`${id}-files`} className="btn-secondary cursor-pointer">
          {t.choose}
        </label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          aria-describedby={`${id}-limits`}
          onChange={(e) => {
            void send(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <p id={`${id}-limits`} className="mt-2 text-sm text-muted">
          {t.limits(MAX_PHOTOS_PER_UPLOAD, MAX_PHOTO_MB)}
        </p>
        {progress !== null && (
          <div className="mt-3">
            <label htmlFor={`${id}-progress`} className="block text-sm">
              {t.progress(progress)}
            </label>
            <progress id={`${id}-progress`} max={100} value={progress} className="w-full" />
          </div>
        )}
      </div>
      {photos.length === 0 ? (
        <p className="text-muted">{t.none}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((p, i) => (
            <li key={p.Id} className="rounded-lg border border-gray-200 p-3">
              <img src={p.Miniatura} alt={t.alt(i + 1)} width={150} height={150} className="mx-auto" />
              <p className="mt-2 text-center text-sm font-semibold">
                {p.Glowne ? t.main : t.position(i + 1)}
              </p>
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                {!p.Glowne && (
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() =>
                      run(
                        () => api.call('panelPhotoMain', { params: { id: productId, photoId: p.Id } }),
                        t.mainSet,
                      )
                    }
                  >
                    {t.setMain(i + 1)}
                  </button>
                )}
                {i > 0 && (
                  <button type="button" className="btn-secondary" onClick={() => move(i, -1)}>
                    {t.earlier(i + 1)}
                  </button>
                )}
                {i < photos.length - 1 && (
                  <button type="button" className="btn-secondary" onClick={() => move(i, 1)}>
                    {t.later(i + 1)}
                  </button>
                )}
                <button
                  type="button"
                  className="btn border border-danger bg-white text-danger"
                  onClick={() =>
                    run(
                      () => api.call('panelPhotoDelete', { params: { id: productId, photoId: p.Id } }),
                      t.deleted,
                    )
                  }
                >
                  {t.remove(i + 1)}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
