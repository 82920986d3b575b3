import {
  BG_OPACITY_CODES,
  MASK_OPACITY_CODES,
  type PanelBannerSlideInput,
  TEXT_POSITION_CODES,
} from '@club/contract';
import { fieldErrors } from '../../components/FieldError.tsx';
import type { FieldMessages } from '../../components/useAction.ts';
import { ui } from '../../texts.ts';

const t = ui.banner;

const POSITION_ROWS = TEXT_POSITION_CODES.flatMap((y) => TEXT_POSITION_CODES.map((x) => ({ x, y })));

/** The slide's heading, link, text, text colour and background. */
export const SlideTextFields = ({
  id,
  draft,
  change,
  fields,
}: {
  id: string;
  draft: PanelBannerSlideInput;
  change: <K extends keyof PanelBannerSlideInput>(key: K, value: PanelBannerSlideInput[K]) => void;
  fields: FieldMessages;
}) => {
  const errors = fieldErrors(id, fields);
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-Nazwa`} className="mb-1 block font-semibold">
            {t.heading}
          </label>
          <input
            id={`${id}-Nazwa`}
            value={draft.Nazwa}
            maxLength={200}
            onChange={(e) => change('Nazwa', e.target.value)}
            className="field"
            {...errors.described('Nazwa')}
          />
          {errors.error('Nazwa')}
        </div>
        <div>
          <label htmlFor={`${id}-Url`} className="mb-1 block font-semibold">
            {t.link}
          </label>
          <input
            id={`${id}-Url`}
            value={draft.Url}
            maxLength={500}
            inputMode="url"
            placeholder="/produkty"
            onChange={(e) => change('Url', e.target.value)}
            className="field"
            {...(fields.Url ? errors.described('Url') : { 'aria-describedby': `${id}-Url-hint` })}
          />
          {errors.error('Url') ?? (
            <p id={`${id}-Url-hint`} className="mt-1 text-sm text-muted">
              {t.linkHint}
            </p>
          )}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-Tresc`} className="mb-1 block font-semibold">
          {t.text}
        </label>
        <textarea
          id={`${id}-Tresc`}
          value={draft.Tresc}
          maxLength={1000}
          rows={3}
          onChange={(e) => change('Tresc', e.target.value)}
          className="field"
          {...errors.described('Tresc')}
        />
        {errors.error('Tresc')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-KolorText`} className="mb-1 block font-semibold">
            {t.textColour}
          </label>
          <input
            id={`${id}-KolorText`}
            type="color"
            value={draft.KolorText}
            onChange={(e) => change('KolorText', e.target.value)}
            className="field h-11 p-1"
            {...errors.described('KolorText')}
          />
          <p className="mt-1 font-mono text-sm text-muted">{draft.KolorText}</p>
          {errors.error('KolorText')}
        </div>
        <div>
          <label htmlFor={`${id}-BgOpacity`} className="mb-1 block font-semibold">
            {t.bgOpacity}
          </label>
          <select
            id={`${id}-BgOpacity`}
            value={draft.BgOpacity}
            onChange={(e) =>
              change('BgOpacity', Number(e.target.value) as PanelBannerSlideInput['BgOpacity'])
            }
            className="field"
            {...errors.described('BgOpacity')}
          >
            {BG_OPACITY_CODES.map((c) => (
              <option key={c} value={c}>
                {t.bgOpacityOption(c)}
              </option>
            ))}
          </select>
          {errors.error('BgOpacity')}
        </div>
      </div>
    </>
  );
};

/** The slide's mask and where its text stands. */
export const SlideLookFields = ({
  id,
  draft,
  change,
  onPosition,
}: {
  id: string;
  draft: PanelBannerSlideInput;
  change: <K extends keyof PanelBannerSlideInput>(key: K, value: PanelBannerSlideInput[K]) => void;
  onPosition: (
    x: PanelBannerSlideInput['PolozenieTextX'],
    y: PanelBannerSlideInput['PolozenieTextY'],
  ) => void;
}) => (
  <>
    <fieldset className="space-y-3 rounded-md border border-gray-300 p-3">
      <legend className="px-1 font-semibold">{t.mask}</legend>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={draft.IsKolorMaski}
          onChange={(e) => change('IsKolorMaski', e.target.checked)}
          className="h-5 w-5 accent-primary"
        />
        {t.maskOn}
      </label>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-KolorMaski`} className="mb-1 block">
            {t.maskColour}
          </label>
          <input
            id={`${id}-KolorMaski`}
            type="color"
            value={draft.KolorMaski}
            disabled={!draft.IsKolorMaski}
            onChange={(e) => change('KolorMaski', e.target.value)}
            className="field h-11 p-1"
          />
          <p className="mt-1 font-mono text-sm text-muted">{draft.KolorMaski}</p>
        </div>
        <div>
          <label htmlFor={`${id}-mask-opacity`} className="mb-1 block">
            {t.maskOpacity}
          </label>
          <select
            id={`${id}-mask-opacity`}
            value={draft.BanerGrafikaPrzezroczystoscMaski}
            disabled={!draft.IsKolorMaski}
            onChange={(e) =>
              change(
                'BanerGrafikaPrzezroczystoscMaski',
                Number(e.target.value) as PanelBannerSlideInput['BanerGrafikaPrzezroczystoscMaski'],
              )
            }
            className="field"
          >
            {MASK_OPACITY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}%
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
    <fieldset className="rounded-md border border-gray-300 p-3">
      <legend className="px-1 font-semibold">{t.position}</legend>
      <div className="grid w-full max-w-sm grid-cols-3 gap-2">
        {POSITION_ROWS.map(({ x, y }) => {
          const checked = draft.PolozenieTextX === x && draft.PolozenieTextY === y;
          return (
            <label
              key={`${x}-${y}`}
              className={`flex min-h-14 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border p-1 text-center text-xs leading-tight ${
                checked ? 'border-primary bg-primary-light font-semibold' : 'border-gray-400 bg-white'
              }`}
            >
              <input
                type="radio"
                name={`${id}-position`}
                checked={checked}
                onChange={() => onPosition(x, y)}
                className="h-4 w-4 accent-primary"
              />
              {t.positions[`${y}-${x}`]}
            </label>
          );
        })}
      </div>
    </fieldset>
  </>
);
