import { useId } from 'react';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Props of MonthField: the value is a month as `YYYY-MM`. */
export interface MonthFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** First and last years offered (default: 2018 to next year). */
  years?: readonly [number, number];
}

/**
 * A month picked as a month name and a year: the same in every browser (the native month input is a calendar in
 * Chrome, a plain text box in Firefox and Safari) and quick from the keyboard (type "ma" for March).
 */
export function MonthField({ label, value, onChange, years }: MonthFieldProps) {
  const id = useId();
  const [year = '', month = ''] = value.split('-');
  const [first, last] = years ?? [2018, new Date().getFullYear() + 1];
  const yearOptions: number[] = [];
  for (let y = last; y >= first; y--) yearOptions.push(y);
  if (year && !yearOptions.includes(Number(year))) yearOptions.push(Number(year));
  return (
    <fieldset className="ui-field month-field" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="ui-field__label">
        {label}
      </span>
      <span className="month-field__controls">
        <select className="ui-field__input" aria-label={`${label} month`} value={month} onChange={(e) => onChange(`${year}-${e.target.value}`)}>
          {MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1).padStart(2, '0')}>
              {name}
            </option>
          ))}
        </select>
        <select className="ui-field__input" aria-label={`${label} year`} value={year} onChange={(e) => onChange(`${e.target.value}-${month}`)}>
          {yearOptions.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </span>
    </fieldset>
  );
}
