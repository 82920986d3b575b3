import {
  ApiClientError,
  PANEL_ROLES,
  type PanelRoleName,
  PanelStaffCreateSchema,
  type PanelStaffMember,
} from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { ErrorLine, invalidWhen } from '../components/ErrorLine.tsx';
import { LabeledInput } from '../components/LabeledInput.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveTable } from '../components/ResponsiveTable.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.staff;

/** The staff list; a manager (not the owner) gets the API's refusal, shown as this screen's message. */
export const staffLoader = () =>
  guarded(async () => {
    try {
      return { list: await api.call('panelStaff'), denied: '' };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 403 && e.body.Message) {
        return { list: { Items: [], Total: 0 }, denied: e.body.Message };
      }
      throw e;
    }
  });

const fullName = (m: PanelStaffMember) => `${m.Imie} ${m.Nazwisko}`.trim() || m.Email;

const RoleSelect = ({ id, defaultValue }: { id: string; defaultValue: PanelRoleName }) => (
  <select id={id} name="rola" defaultValue={defaultValue} className="field">
    {PANEL_ROLES.map((r) => (
      <option key={r} value={r}>
        {ui.roles[r]}
      </option>
    ))}
  </select>
);

/** The club's team (owner only): who may log in to the panel, invitations, roles, removal. */
export const Staff = () => {
  const { list, denied } = useLoaderData<typeof staffLoader>();
  const session = useSession();
  const revalidator = useRevalidator();
  const { busy, error, notice, fields, run, validate } = useAction();
  const guard = useUnsavedGuard();
  const [removing, setRemoving] = useState<PanelStaffMember | null>(null);
  const [invitedFields, setInvitedFields] = useState(false);
  const id = useId();

  if (denied) {
    return (
      <div className="space-y-4">
        <PageTitle title={t.deniedTitle}>{t.deniedTitle}</PageTitle>
        <ErrorBox>{denied}</ErrorBox>
      </div>
    );
  }

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      Email: String(data.get('email') ?? ''),
      Imie: String(data.get('imie') ?? ''),
      Nazwisko: String(data.get('nazwisko') ?? ''),
      Rola: String(data.get('rola')) as PanelRoleName,
    };
    setInvitedFields(true);
    if (!validate(PanelStaffCreateSchema, body)) return;
    const ok = await run(
      async () => {
        const added = await api.call('panelStaffCreate', { body });
        await revalidator.revalidate();
        return added;
      },
      (m) => t.inviteSent(m.Email),
    );
    // The reset also tells the guard the invitation is no longer unsaved.
    if (ok) form.reset();
  };

  const changeRole = (m: PanelStaffMember) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get('rola')) as PanelRoleName;
    setInvitedFields(false);
    await run(
      async () => {
        const saved = await api.call('panelStaffRole', { params: { id: m.Id }, body: { Rola: role } });
        await revalidator.revalidate();
        return saved;
      },
      (saved) => t.roleChanged(fullName(saved), ui.roles[saved.Rola] ?? saved.Rola),
    );
  };

  const reinvite = async (m: PanelStaffMember) => {
    setInvitedFields(false);
    await run(() => api.call('panelStaffReinvite', { params: { id: m.Id } }), t.reinviteSent(m.Email));
  };

  const remove = async () => {
    const m = removing;
    if (!m) return;
    setRemoving(null);
    setInvitedFields(false);
    const ok = await run(
      async () => {
        await api.call('panelStaffDelete', { params: { id: m.Id } });
        await revalidator.revalidate();
      },
      t.removed(fullName(m)),
    );
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  const shown = (key: string) => (invitedFields ? fields[key] : undefined);
  const field = (name: string, key: string, label: string) => (
    <LabeledInput
      id={`${id}-${name}`}
      label={label}
      name={name}
      autoComplete="off"
      required
      {...invalidWhen(`${id}-${name}`, shown(key))}
    >
      <ErrorLine id={`${id}-${name}-error`} error={shown(key)} />
    </LabeledInput>
  );

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p>{t.intro}</p>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      {/* A table from `sm` on, a card per person on a phone (nothing cut off at the right edge). */}
      <ResponsiveTable
        label={t.list}
        minWidth="min-w-[48rem]"
        rows={list.Items}
        rowKey={(m) => m.Id}
        columns={[
          {
            label: t.name,
            cell: (m) => (
              <>
                {fullName(m)} {m.Id === session.Id && <span className="font-normal text-muted">{t.you}</span>}
              </>
            ),
          },
          { label: t.email, cell: (m) => <span className="break-all">{m.Email}</span> },
          { label: t.state, cell: (m) => (m.Aktywny ? t.active : t.invited) },
          {
            label: t.role,
            cell: (m, view) =>
              m.Id === session.Id ? (
                ui.roles[m.Rola]
              ) : (
                <form onSubmit={changeRole(m)} className="flex flex-wrap items-center gap-2">
                  <label htmlFor={`${id}-role-${view}-${m.Id}`} className="sr-only">
                    {t.roleOf(fullName(m))}
                  </label>
                  <div className="w-40">
                    <RoleSelect id={`${id}-role-${view}-${m.Id}`} defaultValue={m.Rola} />
                  </div>
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-busy={busy}
                    aria-label={t.changeRoleOf(fullName(m))}
                  >
                    {t.changeRole}
                  </button>
                </form>
              ),
          },
          {
            label: t.actions,
            cell: (m) =>
              m.Id === session.Id ? (
                '—'
              ) : (
                <div className="flex flex-wrap gap-2">
                  {!m.Aktywny && (
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-busy={busy}
                      aria-label={t.reinviteOf(fullName(m))}
                      onClick={() => reinvite(m)}
                    >
                      {t.reinvite}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn border border-danger bg-white text-danger hover:bg-danger-light"
                    aria-label={t.removeOf(fullName(m))}
                    onClick={() => setRemoving(m)}
                  >
                    {t.remove}
                  </button>
                </div>
              ),
          },
        ]}
      />

      <form
        {...guard.watch}
        onSubmit={invite}
        noValidate
        aria-labelledby={`${id}-invite`}
        className="card space-y-4"
      >
        <h2 id={`${id}-invite`} className="text-lg font-semibold">
          {t.inviteTitle}
        </h2>
        <p className="text-muted">{t.inviteHint}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField id={`${id}-email`} label={t.email} autoComplete="off" error={shown('Email')} />
          {field('imie', 'Imie', t.firstName)}
          {field('nazwisko', 'Nazwisko', t.lastName)}
          <div>
            <label htmlFor={`${id}-rola`} className="mb-1 block font-semibold">
              {t.role}
            </label>
            <RoleSelect id={`${id}-rola`} defaultValue="manager" />
          </div>
        </div>
        <button type="submit" className="btn-primary" aria-busy={busy}>
          {t.invite}
        </button>
      </form>

      <ConfirmDialog
        open={removing !== null}
        title={removing ? t.removeTitle(fullName(removing)) : ''}
        confirmLabel={t.remove}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
