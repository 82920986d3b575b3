import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegister } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './CheckboxField.tsx';
import { TextFields } from './TextFields.tsx';

type Values = { Login: string; Adres: { Miasto: string } };
const register = ((name: string) => ({
  name,
  onChange() {},
  onBlur() {},
  ref() {},
})) as unknown as UseFormRegister<Values>;

describe('TextFields', () => {
  it('renders each listed input with its label, attributes and its own error, nested names included', () => {
    const html = renderToStaticMarkup(
      <TextFields
        register={register}
        errors={{ Adres: { Miasto: { type: 'custom', message: 'Pole wymagane' } } }}
        fields={[
          { name: 'Login', label: 'E-mail', type: 'email', autoComplete: 'email', required: true },
          { name: 'Adres.Miasto', label: 'Miasto', hint: 'Miejscowość' },
        ]}
      />,
    );
    const [login, city] = html.split('<div><div').filter(Boolean);
    expect(login).toContain('>E-mail<span aria-hidden="true" class="text-red-700"> *</span></label>');
    for (const attr of ['type="email"', 'aria-required="true"', 'name="Login"'])
      expect(login).toContain(attr);
    expect(login?.toLowerCase()).toContain('autocomplete="email"');
    expect(login).not.toContain('aria-invalid');
    expect(city).toContain('name="Adres.Miasto"');
    expect(city).toContain('aria-invalid="true"');
    const id = city?.match(/<input id="([^"]+)"/)?.[1];
    expect(city).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    expect(city).toContain(
      `<p id="${id}-error" class="mt-1 text-sm font-medium text-red-700">Pole wymagane</p>`,
    );
  });
});

describe('CheckboxField', () => {
  it('puts the box before its label and the error under the label, wired by ids', () => {
    const html = renderToStaticMarkup(
      <CheckboxField label="Akceptuję" name="Login" register={register} error="Zaznacz" required />,
    );
    const id = html.match(/<input id="([^"]+)" type="checkbox"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`aria-invalid="true" aria-describedby="${id}-error" aria-required="true"`);
    expect(html).toMatch(
      /<div class="flex items-start gap-3"><input [^>]+><label for="[^"]+" class="text-sm text-ink">/,
    );
    expect(html).toContain(
      `<p id="${id}-error" class="mt-1 pl-8 text-sm font-medium text-red-700">Zaznacz</p>`,
    );
  });
});
