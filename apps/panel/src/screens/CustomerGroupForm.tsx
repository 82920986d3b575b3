import {
  ApiClientError,
  type PanelCustomerGroup,
  PanelCustomerGroupCreateSchema,
  PanelCustomerGroupUpdateSchema,
} from '@club/contract';
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { type FieldErrors, fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import {
  type GroupDraft,
  groupBodyOf,
  groupChangesOf,
  groupDraftOf,
  groupFormFields,
} from '../lib/customer-group-form.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.customerGroups;

export const customerGroupFormLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    if (!params.id) return { group: null };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      return { group: await api.call('panelCustomerGroup', { params: { id } }) };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

/** Keyed by the group: going from "new" to the created one starts a fresh form. */
export const CustomerGroupForm = () => {
  const { group } = useLoaderData<typeof customerGroupFormLoader>();
  return <GroupFormFor key={group?.Id ?? 'nowa'} group={group} />;
};

type FieldProps = {
  id: string;
  draft: GroupDraft;
  set: (patch: Partial<GroupDraft>) => void;
  errors: FieldErrors;
  field: keyof GroupDraft;
  label: string;
  hint?: string;
};

/** A field of the draft with its label, hint and error, described for a screen reader; a textarea for lists. */
const GroupField = ({
  id,
  draft,
  set,
  errors,
  field,
  label,
  hint,
  rows,
  ...input
}: FieldProps & { rows?: number } & Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'>) => {
  const props = {
    id: `${id}-${field}`,
    className: 'field',
    value: draft[field],
    ...errors.described(field, hint ? `${id}-${field}-hint` : undefined),
  };
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block font-semibold">
        {label}
      </label>
      {rows ? (
        <textarea
          {...props}
          rows={rows}
          spellCheck={false}
          autoCapitalize="none"
          className="field font-mono"
          onChange={(e) => set({ [field]: e.target.value })}
        />
      ) : (
        <input {...props} {...input} onChange={(e) => set({ [field]: e.target.value })} />
      )}
      {hint && (
        <p id={`${id}-${field}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {errors.error(field)}
    </div>
  );
};

const section = 'min-w-0 space-y-4 rounded border border-gray-300 p-4';

/**
 * A new customer group or a stored one: its name, validity (Warsaw wall clock), accounts by e-mail
 * and e-mail domains, one a line; only what changed is sent. The contract's schema checks the form
 * first; the server's Polish messages stand by their fields and the first marked one takes the
 * focus. Deleting asks first; the server refuses it while a running promotion uses the group.
 */
const GroupFormFor = ({ group }: { group: PanelCustomerGroup | null }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const action = useAction({
    notice: (location.state as { notice?: string } | null)?.notice,
    fieldsHint: t.fieldsHint,
  });
  const guard = useUnsavedGuard();
  const [current, setCurrent] = useState<PanelCustomerGroup | null>(group);
  const [draft, setDraft] = useState<GroupDraft>(() => groupDraftOf(group));
  const [removing, setRemoving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  const { busy, error, notice, fields } = action;
  const body = groupBodyOf(draft);
  const errors = fieldErrors(id, groupFormFields(fields, body));
  const title = current ? t.editTitle(current.Nazwa) : t.newTitle;

  useEffect(() => {
    if (Object.keys(fields).length)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')?.focus();
  }, [fields]);

  const set = (patch: Partial<GroupDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    guard.changed();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!current) {
      if (!action.validate(PanelCustomerGroupCreateSchema, body)) return;
      await action.run(
        () => api.call('panelCustomerGroupCreate', { body }),
        undefined,
        guard.savedThen((created) =>
          navigate(`/grupy-klientow/${created.Id}`, {
            replace: true,
            state: { notice: t.created(created.Nazwa) },
          }),
        ),
      );
      return;
    }
    const changes = groupChangesOf(current, draft);
    if (!Object.keys(changes).length) {
      guard.saved();
      action.setNotice(t.noChanges);
      return;
    }
    if (!action.validate(PanelCustomerGroupUpdateSchema, changes)) return;
    await action.run(
      () => api.call('panelCustomerGroupUpdate', { params: { id: current.Id }, body: changes }),
      (saved) => t.saved(saved.Nazwa),
      (saved) => {
        guard.saved();
        setCurrent(saved);
        setDraft(groupDraftOf(saved));
      },
    );
  };

  const remove = async () => {
    setRemoving(false);
    if (!current) return;
    const ok = await action.run(
      () => api.call('panelCustomerGroupDelete', { params: { id: current.Id } }),
      undefined,
      guard.savedThen(() =>
        navigate('/grupy-klientow', { replace: true, state: { notice: t.removed(current.Nazwa) } }),
      ),
    );
    // Refused (a running promotion uses it): the message is read out and takes the focus.
    if (!ok) errorBox.current?.focus();
  };

  return (
    <div {...guard.watch} className="space-y-5">
      <p>
        <Link to="/grupy-klientow" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <div ref={errorBox} tabIndex={-1} className="outline-none">
        <ErrorBox>{error}</ErrorBox>
      </div>
      <form ref={form} noValidate onSubmit={submit} aria-label={title} className="max-w-3xl space-y-5">
        <fieldset className={section}>
          <legend className="px-1 font-semibold">{t.basics}</legend>
          <GroupField
            id={id}
            draft={draft}
            set={set}
            errors={errors}
            field="Nazwa"
            label={t.name}
            hint={t.nameHint}
            maxLength={100}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(['Od', 'Do'] as const).map((f) => (
              <GroupField
                key={f}
                id={id}
                draft={draft}
                set={set}
                errors={errors}
                field={f}
                label={f === 'Od' ? t.startsAt : t.endsAt}
                hint={t.datesHint}
                type="datetime-local"
              />
            ))}
          </div>
        </fieldset>
        <fieldset className={section}>
          <legend className="px-1 font-semibold">{t.who}</legend>
          <GroupField
            id={id}
            draft={draft}
            set={set}
            errors={errors}
            field="Domeny"
            label={t.domainsLabel}
            hint={t.domainsHint}
            rows={3}
          />
          <GroupField
            id={id}
            draft={draft}
            set={set}
            errors={errors}
            field="Konta"
            label={t.accountsLabel}
            hint={t.accountsHint}
            rows={6}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            {busy ? (current ? t.saving : t.creating) : current ? t.save : t.create}
          </button>
          {current && (
            <button
              type="button"
              className="btn border border-danger bg-white text-danger"
              onClick={() => setRemoving(true)}
            >
              {t.remove}
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={removing}
        title={t.removeTitle(current?.Nazwa ?? '')}
        confirmLabel={t.remove}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      >
        <p>{current?.Promocje ? t.removeInUse(current.Promocje) : t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
