import { useMemo, useState } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { nameDotNumber, normaliseIndianMobile } from '@domain/phone';
import { useSession } from '@app/session/session-context';

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

/**
 * Picks an active staff member from the global config's staff list (`czoUsers`, loaded once after sign-in), by name
 * or any part of the mobile number: anyone who may assign tickets can pick, without the users list permission.
 */
export function StaffPicker({ label, value, onChange, description, autoFocus = false, menuTrigger = 'focus' }: StaffPickerProps) {
  const { globalConfig } = useSession();
  const staff = useMemo(
    () => (globalConfig?.czoUsers ?? []).map((s) => ({ id: s.userId, label: nameDotNumber(s.name, s.mobileNumber), mobile: s.mobileNumber })),
    [globalConfig],
  );
  const [text, setText] = useState(value.label);
  const needle = text.trim().toLowerCase();
  // A number matches in any common Indian form (+91 98…, 0 98…), or by any run of 3+ of its digits.
  const digits = normaliseIndianMobile(needle) ?? needle.replace(/\D/g, '');
  const shown =
    needle === '' || staff.some((s) => s.label === text) ? staff : staff.filter((s) => s.label.toLowerCase().includes(needle) || (digits.length >= 3 && s.mobile.includes(digits)));
  return (
    <ComboBox
      className="ui-field"
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next === '') onChange({ id: null, label: '' });
      }}
      selectedKey={value.id}
      onSelectionChange={(key) => {
        const item = staff.find((s) => s.id === key);
        if (!item) return;
        setText(item.label);
        onChange({ id: item.id, label: item.label });
      }}
      items={shown}
      menuTrigger={menuTrigger}
      allowsEmptyCollection
    >
      <Label className="ui-field__label">{label}</Label>
      <div className="relation-picker__control">
        <Input className="ui-field__input" placeholder="Search staff by name or number" autoFocus={autoFocus} />
        <AriaButton className="relation-picker__toggle" aria-label="Show staff">
          ▾
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <Popover className="relation-picker__popover">
        <ListBox className="relation-picker__list" renderEmptyState={() => <div className="relation-picker__empty">No staff member matches</div>}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} className="relation-picker__option" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
