import type { ComponentProps, ReactNode } from 'react';

/**
 * One labelled text input of a panel form: the label over the input, then `children` (its hint and
 * error lines). The input's id is `id`; class `field` unless `className` says otherwise.
 */
export const LabeledInput = ({
  id,
  label,
  children,
  className = 'field',
  ...input
}: { id: string; label: ReactNode; children?: ReactNode } & ComponentProps<'input'>) => (
  <div>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {label}
    </label>
    <input id={id} className={className} {...input} />
    {children}
  </div>
);
