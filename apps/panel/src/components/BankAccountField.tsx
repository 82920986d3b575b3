import { ui } from '../texts.ts';
import { LabeledInput } from './LabeledInput.tsx';

/**
 * The buyer's account for a cash-on-delivery refund (a transfer the club makes): its hint, or the
 * server's message in its place when the number was refused.
 */
export const BankAccountField = ({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) => (
  <LabeledInput
    id={id}
    label={ui.refunds.account}
    autoComplete="off"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    aria-invalid={error ? true : undefined}
    aria-describedby={`${id}-hint`}
  >
    <p id={`${id}-hint`} className={`mt-1 text-sm ${error ? 'text-danger' : 'text-muted'}`}>
      {error || ui.refunds.accountHint}
    </p>
  </LabeledInput>
);
