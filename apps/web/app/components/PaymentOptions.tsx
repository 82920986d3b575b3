import { type PaymentMethodCode, paymentMethodLabel } from '@club/contract';
import { checkoutUi } from '../texts/checkout.ts';

type Props = {
  name: string;
  /** Methods the chosen shipping allows (PayU always; cash on delivery with some options). */
  methods: PaymentMethodCode[];
  value: number | undefined;
  onChange(method: PaymentMethodCode): void;
};

/**
 * Spec 'Płatność': the methods the API lists for the chosen shipping option (PayU (10) and, when
 * the option allows it, 'Płatność przy odbiorze' (20)), each with its name and note.
 */
export function PaymentOptions({ name, methods, value, onChange }: Props) {
  return (
    <ul className="grid gap-2">
      {methods.map((m) => {
        const id = `${name}-${m}`;
        return (
          <li key={m}>
            <label
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-3 has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={m}
                checked={value === m}
                onChange={() => onChange(m)}
                aria-describedby={`${id}-note`}
                className="size-5 shrink-0 accent-primary"
              />
              <span className="flex-1">
                <span className="block font-medium">{paymentMethodLabel[m]}</span>
                <span id={`${id}-note`} className="block text-sm text-muted">
                  {checkoutUi.paymentNotes[m]}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
