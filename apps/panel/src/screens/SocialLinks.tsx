import { ApiClientError, SocialKind, socialNetworks } from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { useLoaderData } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useSessionExpired } from '../components/SessionExpired.tsx';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.social;
const KINDS = Object.values(SocialKind);

export const socialLinksLoader = () => guarded(() => api.call('panelSocial'));

/** The club's profiles on Facebook, TikTok, Instagram, YouTube and X (the storefront's footer icons). */
export const SocialLinks = () => {
  const loaded = useLoaderData<typeof socialLinksLoader>();
  const expired = useSessionExpired();
  const id = useId();
  const guard = useUnsavedGuard();
  const [urls, setUrls] = useState<Record<number, string>>(() =>
    Object.fromEntries(KINDS.map((k) => [k, loaded.find((l) => l.Rodzaj === k)?.Url ?? ''])),
  );
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const Linki = KINDS.filter((k) => urls[k]?.trim()).map((k) => ({ Rodzaj: k, Url: urls[k]!.trim() }));
      const saved = await api.call('panelSocialUpdate', { body: { Linki } });
      setUrls(Object.fromEntries(KINDS.map((k) => [k, saved.find((l) => l.Rodzaj === k)?.Url ?? ''])));
      guard.saved();
      setNotice(t.saved);
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) return expired();
      setError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <form {...guard.watch} noValidate onSubmit={save} className="card max-w-2xl space-y-4">
        {KINDS.map((k) => (
          <div key={k}>
            <label htmlFor={`${id}-${k}`} className="mb-1 block font-semibold">
              {socialNetworks[k]?.name}
            </label>
            <input
              id={`${id}-${k}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={500}
              value={urls[k] ?? ''}
              onChange={(e) => setUrls({ ...urls, [k]: e.target.value })}
              className="field"
            />
          </div>
        ))}
        <button type="submit" className="btn-primary" disabled={busy}>
          {t.save}
        </button>
      </form>
    </div>
  );
};
