import {
  buildPath,
  endpointRoutes,
  LOGO_KINDS,
  LOGO_UPLOAD_FIELD,
  type LogoKind,
  logoUrl,
  logoVersion,
  type PanelSettings,
} from '@club/contract';
import { useRef, useState } from 'react';
import { api } from '../../api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { useAction } from '../../components/useAction.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { ui } from '../../texts.ts';
import { Section } from './SettingsForm.tsx';

const t = ui.settings;

/** The main and the footer logo: a preview, a new file uploaded with its progress, or none. */
export const LogosSection = ({
  id,
  settings,
  setSettings,
  action,
}: {
  id: string;
  settings: PanelSettings;
  setSettings: (settings: PanelSettings) => void;
  action: ReturnType<typeof useAction>;
}) => {
  const { busy } = action;
  const [progress, setProgress] = useState<{ kind: LogoKind; percent: number } | null>(null);
  const [deletingLogo, setDeletingLogo] = useState<LogoKind | null>(null);
  const files = useRef<Partial<Record<LogoKind, HTMLInputElement | null>>>({});

  const uploadLogo = (kind: LogoKind) => {
    const file = files.current[kind]?.files?.[0];
    if (!file) {
      action.setNotice('');
      action.setError(t.chooseImage);
      files.current[kind]?.focus();
      return;
    }
    const form = new FormData();
    form.append(LOGO_UPLOAD_FIELD, file, file.name);
    setProgress({ kind, percent: 0 });
    void action
      .run(
        () =>
          uploadWithProgress<PanelSettings>(
            buildPath(endpointRoutes.panelLogoUpload.path, { which: kind }),
            form,
            (percent) => setProgress({ kind, percent }),
          ),
        t.logoUploaded(t.logoKinds[kind]!),
        (saved) => {
          setSettings(saved);
          if (files.current[kind]) files.current[kind].value = '';
        },
      )
      .finally(() => setProgress(null));
  };

  const deleteLogo = (kind: LogoKind) => {
    setDeletingLogo(null);
    void action.run(
      () => api.call('panelLogoDelete', { params: { which: kind } }),
      t.logoDeleted(t.logoKinds[kind]!),
      (saved) => {
        setSettings(saved);
        requestAnimationFrame(() => document.getElementById(`${id}-logos`)?.focus());
      },
    );
  };

  return (
    <>
      <Section id={`${id}-logos`} title={t.logos}>
        <p id={`${id}-logos-hint`} className="text-muted">
          {t.logosHint}
        </p>
        {progress && (
          <div>
            <label htmlFor={`${id}-progress`} className="block text-sm">
              {t.progress(progress.percent)}
            </label>
            <progress id={`${id}-progress`} max={100} value={progress.percent} className="w-full" />
          </div>
        )}
        <div className="grid gap-5 lg:grid-cols-2">
          {LOGO_KINDS.map((kind) => {
            const name = t.logoKinds[kind]!;
            const file = kind === 'main' ? settings.LogoGlowne : settings.LogoStopka;
            return (
              <div key={kind} className="space-y-3 rounded-md border border-gray-200 p-3">
                <h3 className="font-semibold">{name}</h3>
                {/* The footer logo sits on the storefront's dark footer: previewed on the same colour. */}
                <div
                  className={`flex h-28 items-center justify-center rounded ${kind === 'footer' ? 'bg-primary' : 'bg-gray-100'}`}
                >
                  {file ? (
                    <img
                      src={logoUrl(kind, { version: logoVersion(file) })}
                      alt={t.logoPreview(name)}
                      className="max-h-24 max-w-full object-contain"
                    />
                  ) : (
                    <p className={kind === 'footer' ? 'text-white' : 'text-muted'}>{t.noLogo}</p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${id}-file-${kind}`} className="mb-1 block">
                    {t.chooseFile(name)}
                  </label>
                  <input
                    id={`${id}-file-${kind}`}
                    ref={(el) => {
                      files.current[kind] = el;
                    }}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    className="field"
                    aria-describedby={`${id}-logos-hint`}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={busy}
                    onClick={() => uploadLogo(kind)}
                  >
                    {t.upload(name)}
                  </button>
                  {file && (
                    <button
                      type="button"
                      className="btn border border-danger bg-white text-danger"
                      disabled={busy}
                      onClick={() => setDeletingLogo(kind)}
                    >
                      {`${t.removeLogo}: ${name}`}
                    </button>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </Section>
      <ConfirmDialog
        open={deletingLogo !== null}
        title={t.confirmLogoTitle}
        confirmLabel={t.confirmLogo}
        onConfirm={() => deletingLogo && deleteLogo(deletingLogo)}
        onCancel={() => setDeletingLogo(null)}
      >
        <p>{deletingLogo ? t.confirmLogoText(t.logoKinds[deletingLogo]!) : ''}</p>
      </ConfirmDialog>
    </>
  );
};
