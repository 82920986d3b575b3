import {
  ApiClientError,
  endpointRoutes,
  PAGE_IMAGE_FIELD,
  type PanelPageImage,
  PanelPageInputSchema,
  SPECIAL_PAGES,
} from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { type ImageUploader, RichTextEditor } from '../components/RichTextEditor.tsx';
import { useSessionExpired } from '../components/SessionExpired.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { joinParams, parentChoices } from '../lib/page-form.ts';
import { type UploadError, uploadWithProgress } from '../lib/upload.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { allPages } from './Pages.tsx';
import { formOf, MetaFields, type PageForm, PageParameters, TitleSlugFields } from './page/PageFields.tsx';
import { SellerPlaceholders } from './page/SellerPlaceholders.tsx';

const t = ui.pages;

export const pageEditorLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    if (!params.id) return { page: null, pages: await allPages() };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      const [page, pages] = await Promise.all([api.call('panelPage', { params: { id } }), allPages()]);
      return { page, pages };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

type Loaded = Awaited<ReturnType<typeof pageEditorLoader>>;

/** Keyed by the page: going from "new" to the created page starts a fresh form. */
export const PageEditor = () => {
  const loaded = useLoaderData<typeof pageEditorLoader>();
  return <PageEditorFor key={loaded.page?.Id ?? 'nowa'} {...loaded} />;
};

/** One sub-page (or a special text): slug, title, rich text with images, meta, parameters, parent. */
const PageEditorFor = ({ page, pages }: Loaded) => {
  const navigate = useNavigate();
  const expired = useSessionExpired();
  const location = useLocation();
  const id = useId();
  const action = useAction({ notice: (location.state as { notice?: string } | null)?.notice });
  const guard = useUnsavedGuard();
  const { busy, fields } = action;
  const errors = fieldErrors(id, fields);
  const [current, setCurrent] = useState(page);
  const [form, setForm] = useState(() => formOf(page));
  // A new page's slug follows its title until the manager types one of their own.
  const [slugTyped, setSlugTyped] = useState(page !== null);
  const [content, setContent] = useState(page?.Tresc ?? '');
  const [removing, setRemoving] = useState(false);
  const editing = current !== null;
  const special = current?.Specjalna ?? false;
  const where = current ? (SPECIAL_PAGES[current.Slug] ?? '') : '';
  const title = editing ? t.editTitle(current.Tytul) : t.newTitle;
  const parents = parentChoices(pages, current?.Id ?? null);

  const set = (patch: Partial<PageForm>) => setForm((f) => ({ ...f, ...patch }));

  const uploadImage: ImageUploader = async (file, onProgress) => {
    const data = new FormData();
    data.append(PAGE_IMAGE_FIELD, file);
    try {
      const image = await uploadWithProgress<PanelPageImage>(
        endpointRoutes.panelPageImageUpload.path,
        data,
        onProgress,
      );
      action.setNotice(ui.editor.imageInserted);
      return image;
    } catch (e) {
      if ((e as UploadError | null)?.status === 401) expired();
      throw e;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = {
      Slug: form.slug.trim(),
      Tytul: form.title,
      Tresc: content,
      Zajawka: form.excerpt,
      MetaDescription: form.meta,
      Parametry: joinParams(form.knownOn, form.knownStored, form.other),
      IdRodzica: form.parent,
    };
    if (!action.validate(PanelPageInputSchema, body)) return;
    if (editing) {
      await action.run(
        () => api.call('panelPageUpdate', { params: { id: current.Id }, body }),
        t.saved,
        (saved) => {
          guard.saved();
          setCurrent(saved);
          setForm(formOf(saved));
        },
      );
    } else {
      await action.run(
        () => api.call('panelPageCreate', { body }),
        undefined,
        (created) => {
          guard.saved();
          navigate(`/tresci/strony/${created.Id}`, { replace: true, state: { notice: t.created } });
        },
      );
    }
  };

  const remove = () => {
    if (!current) return;
    setRemoving(false);
    return action.run(
      () => api.call('panelPageDelete', { params: { id: current.Id } }),
      undefined,
      () => navigate('/tresci/strony', { state: { notice: t.removed(current.Tytul) } }),
    );
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/tresci/strony" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {special && <p className="text-muted">{t.specialIntro(where)}</p>}
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      {current && (current.Url || !special) && (
        <div className="flex flex-wrap items-center gap-3">
          {current.Url && (
            <a
              href={current.Url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.viewNewWindow}
              className="btn-secondary"
            >
              {t.view}
            </a>
          )}
          {!special && (
            <button
              type="button"
              className="btn border border-danger bg-white text-danger hover:bg-danger-light"
              onClick={() => setRemoving(true)}
            >
              {t.removePage}
            </button>
          )}
        </div>
      )}
      <form {...guard.watch} noValidate onSubmit={submit} className="card space-y-5">
        <TitleSlugFields
          id={id}
          form={form}
          set={set}
          errors={errors}
          special={special}
          slugTyped={slugTyped}
          onSlugTyped={() => setSlugTyped(true)}
        />
        <div>
          <p id={`${id}-Tresc`} className="mb-1 block font-semibold">
            {t.content}
          </p>
          <RichTextEditor
            labelId={`${id}-Tresc`}
            describedBy={fields.Tresc ? `${id}-Tresc-error` : undefined}
            value={content}
            onChange={setContent}
            toolbarLabel={ui.editor.contentToolbar}
            uploadImage={uploadImage}
          />
          {errors.error('Tresc')}
          <SellerPlaceholders />
        </div>
        {!special && (
          <>
            <MetaFields id={id} form={form} set={set} errors={errors} parents={parents} />
            <PageParameters id={id} form={form} set={set} errors={errors} />
          </>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t.saving : editing ? t.save : t.create}
        </button>
      </form>
      <ConfirmDialog
        open={removing}
        title={t.removeTitle(current?.Tytul ?? '')}
        confirmLabel={t.removePage}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
