import { useMemo } from 'react';
import { nameDotNumber, normaliseIndianMobile } from '@domain/phone';
import { useSession } from '@app/session/session-context';
import { RelationPicker, type PickerChoices, type PickerOption } from '@resources/relation-picker';

/** The staff member chosen (null: nobody yet). */
export interface StaffChoice {
  id: string | null;
  label: string;
}

/** Props of StaffPicker. */
export interface StaffPickerProps {
  label: string;
  value: StaffChoice;
  onChange(choice: StaffChoice): void;
  description?: string;
  /** Focus the search input when shown (a dialog's first field); default false. */
  autoFocus?: boolean;
  /** When the list opens: on focus (default) or once the user types (or presses ▾), so buttons beside it stay reachable. */
  menuTrigger?: 'focus' | 'input';
}

interface StaffOption extends PickerOption {
  mobile: string;
}

/** A staff member matches by name, or by a number in any common Indian form (+91 98…, 0 98…) or any run of 3+ digits. */
function staffMatches(option: StaffOption, text: string): boolean {
  const needle = text.trim().toLowerCase();
  const digits = normaliseIndianMobile(needle) ?? needle.replace(/\D/g, '');
  return option.label.toLowerCase().includes(needle) || (digits.length >= 3 && option.mobile.includes(digits));
}

/**
 * Picks an active staff member from the global config's staff list (`czoUsers`, loaded once after sign-in), by name
 * or any part of the mobile number: anyone who may assign tickets can pick, without the users list permission.
 */
export function StaffPicker({ value, onChange, ...rest }: StaffPickerProps) {
  const { globalConfig } = useSession();
  const choices = useMemo<PickerChoices<StaffOption>>(
    () => ({
      options: (globalConfig?.czoUsers ?? []).map((s) => ({ id: s.userId, label: nameDotNumber(s.name, s.mobileNumber), mobile: s.mobileNumber })),
      matches: staffMatches,
      placeholder: 'Search staff by name or number',
      noun: 'staff',
      noMatch: 'No staff member matches',
    }),
    [globalConfig],
  );
  return (
    <RelationPicker
      {...rest}
      choices={choices}
      value={value}
      onChange={(next) => onChange({ id: next.id === null ? null : String(next.id), label: next.label })}
    />
  );
}
