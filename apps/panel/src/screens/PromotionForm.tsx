import {
  ApiClientError,
  type PanelPromotion,
  PanelPromotionCreateSchema,
  PanelPromotionUpdateSchema,
} from '@club/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import {
  changesOf,
  createBodyOf,
  draftOf,
  formFields,
  namesOf,
  type PromotionDraft,
  type ScopeNames,
} from '../lib/promotion-form.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { CodeFields } from './promotion/CodeFields.tsx';
import { PromotionActions } from './promotion/PromotionActions.tsx';
import { PromotionFields } from './promotion/PromotionFields.tsx';
import { PromotionUsage } from './promotion/PromotionUsage.tsx';

const t = ui.promotions;

export const promotionFormLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    const [categories, groups] = await Promise.all([
      api.call('panelCategories'),
      api.call('panelCustomerGroups').then((l) => l.Items.map(({ Id, Nazwa }) => ({ Id, Nazwa }))),
    ]);
    if (!params.id) return { promotion: null, categories, groups };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      return { promotion: await api.call('panelPromotion', { params: { id } }), categories, groups };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

type Loaded = Awaited<ReturnType<typeof promotionFormLoader>>;

/** Keyed by the promotion: going from "new" to the created one starts a fresh form. */
export const PromotionForm = () => {
  const loaded = useLoaderData<typeof promotionFormLoader>();
  return <PromotionFormFor key={loaded.promotion?.Id ?? 'nowa'} {...loaded} />;
};

/**
 * A new promotion (every kind, scope and way of getting it) or a stored one: its fields changed
 * (only what changed is sent), paused, resumed or ended, its codes downloaded. The contract's
 * schema checks the form first; the server's Polish messages stand by their fields, and the first
 * marked field takes the focus.
 */
const PromotionFormFor = ({ promotion, categories, groups }: Loaded) => {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const action = useAction({
    notice: (location.state as { notice?: string } | null)?.notice,
    fieldsHint: t.fieldsHint,
  });
  const guard = useUnsavedGuard();
  const [current, setCurrent] = useState<PanelPromotion | null>(promotion);
  const [draft, setDraft] = useState<PromotionDraft>(() => draftOf(promotion));
  const [names, setNames] = useState<ScopeNames>(() => namesOf(promotion));
  const [ending, setEnding] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { busy, error, notice, fields } = action;
  const errors = fieldErrors(id, formFields(fields));
  const ended = current?.Status === 'ended';
  const title = current ? t.editTitle(current.Nazwa) : t.newTitle;

  useEffect(() => {
    if (Object.keys(fields).length)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')?.focus();
  }, [fields]);

  const set = (patch: Partial<PromotionDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    guard.changed();
  };

  const stored = (saved: PanelPromotion) => {
    setCurrent(saved);
    setDraft(draftOf(saved));
    setNames(namesOf(saved));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!current) {
      const body = createBodyOf(draft);
      if (!action.validate(PanelPromotionCreateSchema, body)) return;
      await action.run(
        () => api.call('panelPromotionCreate', { body }),
        undefined,
        guard.savedThen((created) =>
          navigate(`/promocje/${created.Id}`, { replace: true, state: { notice: t.created(created.Nazwa) } }),
        ),
      );
      return;
    }
    const body = changesOf(current, draft);
    if (!Object.keys(body).length) {
      guard.saved();
      action.setNotice(t.noChanges);
      return;
    }
    if (!action.validate(PanelPromotionUpdateSchema, body)) return;
    await action.run(
      () => api.call('panelPromotionUpdate', { params: { id: current.Id }, body }),
      (saved) => t.saved(saved.Nazwa),
      (saved) => {
        guard.saved();
        stored(saved);
      },
    );
  };

  const pause = (on: boolean) =>
    current &&
    action.run(
      () => api.call(on ? 'panelPromotionPause' : 'panelPromotionResume', { params: { id: current.Id } }),
      (saved) => (on ? t.paused(saved.Nazwa) : t.resumed(saved.Nazwa)),
      (saved) => setCurrent(saved),
    );

  const end = async () => {
    setEnding(false);
    if (!current) return;
    const ok = await action.run(
      () => api.call('panelPromotionEnd', { params: { id: current.Id } }),
      (saved) => t.ended(saved.Nazwa),
      (saved) => {
        guard.saved();
        stored(saved);
      },
    );
    // Its buttons are gone: the heading takes the focus, the notice is read out.
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  return (
    <div {...guard.watch} className="space-y-5">
      <p>
        <Link to="/promocje" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {current && (
        <PromotionActions promotion={current} groups={groups} onPause={pause} onEnd={() => setEnding(true)} />
      )}
      {current && <PromotionUsage promotionId={current.Id} />}
      <form ref={form} noValidate onSubmit={submit} aria-label={title} className="max-w-3xl space-y-5">
        <fieldset disabled={ended} className="min-w-0 space-y-5">
          <PromotionFields
            id={id}
            draft={draft}
            set={set}
            errors={errors}
            categories={categories}
            groups={groups}
            names={names}
            onNames={(more) => setNames((n) => ({ ...n, ...more }))}
          />
          {current ? (
            <p className="text-muted">{t.codesFixed}</p>
          ) : (
            <CodeFields id={id} draft={draft} set={set} errors={errors} />
          )}
          {!ended && (
            <button type="submit" className="btn-primary">
              {busy ? (current ? t.saving : t.creating) : current ? t.save : t.create}
            </button>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={ending}
        title={t.endTitle(current?.Nazwa ?? '')}
        confirmLabel={t.end}
        onConfirm={() => void end()}
        onCancel={() => setEnding(false)}
      >
        <p>{t.endText}</p>
      </ConfirmDialog>
    </div>
  );
};
