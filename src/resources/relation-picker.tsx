import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button as AriaButton, ComboBox, FieldError, Input, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { Resource } from '@domain/resource/define-resource';
import { resourceByName } from '@domain/resource/registry';
import { nameDotNumber } from '@domain/phone';
import { queryKeys } from '@data/query-keys';
import { errorMessage } from '@data/api-client';
import { fetchList } from '@data/resource-api';
import { FieldLabel } from '@ui/field-label';

/** What a picker holds: the chosen option's id (null: nothing yet) and the label its input shows. */
export interface PickerValue {
  id: string | number | null;
  label: string;
}

/** One option a picker offers. */
export interface PickerOption {
  id: string;
  label: string;
}

/**
 * Options a picker holds already (the staff list of the global config, say) instead of searching a resource: the
 * list, which of them match what is typed, and the words its input, toggle and empty list use.
 */
export interface PickerChoices<Option extends PickerOption = PickerOption> {
  options: readonly Option[];
  matches(option: Option, text: string): boolean;
  placeholder: string;
  /** What the options are, for the toggle's name ("Show staff"). */
  noun: string;
  /** The list's text when nothing matches. */
  noMatch: string;
}

interface PickerCommonProps {
  label: string;
  value: PickerValue;
  onChange: (value: PickerValue) => void;
  isRequired?: boolean;
  errorMessage?: string;
  description?: string;
  /** Focus the search input when shown (a dialog's first field); default false. */
  autoFocus?: boolean;
  /** When the list opens: on focus (default) or once the user types (or presses ▾), so buttons beside it stay reachable. */
  menuTrigger?: 'focus' | 'input';
}

/** Props of RelationPicker: it searches another resource's records, or picks among options it is given. */
export type RelationPickerProps = PickerCommonProps & ({ /** Resource whose records are offered. */ resource: string; choices?: never } | { resource?: never; choices: PickerChoices });

/**
 * How a record reads in a picker: its label field (a charger's unique id, a city's name), and for a resource a phone
 * number identifies (a unique phone field) the number beside the name (a user: "Atharv Gill · +91 98765 43210"), as
 * staff tell people of one name apart; never
 * its internal id or uuid, which nobody reads. A record without a label shows its id, the only thing left to name it.
 */
export function pickerOptionLabel(resource: Resource, record: Readonly<Record<string, unknown>>): string {
  const id = record[resource.idField];
  const label = record[resource.labelField];
  const phoneField = Object.keys(resource.allFields).find((field) => field !== resource.labelField && resource.allFields[field]!.display === 'phone' && resource.allFields[field]!.unique === true);
  const phone = phoneField ? record[phoneField] : undefined;
  if (typeof phone === 'string' && phone !== '') return nameDotNumber(label ? String(label) : null, phone);
  return label ? String(label) : String(id);
}

/**
 * A combobox that picks a record: another resource's records searched by what is typed (id, phone, code or name), or
 * options given to it (`choices`) filtered as typed.
 */
export function RelationPicker({ label, resource: name, choices, value, onChange, isRequired, errorMessage: error, description, autoFocus = false, menuTrigger = 'focus' }: RelationPickerProps) {
  const target = name === undefined ? undefined : resourceByName(name);
  const given = choices;
  const [text, setText] = useState(value.label);
  const [query, setQuery] = useState('');
  useEffect(() => setText(value.label), [value.label]);
  useEffect(() => {
    // Once an option is chosen its label fills the input: keep the options of what was typed. Going back to every
    // record changed the list under the input, which reopened it with its first option focused, and Tab or Enter
    // then chose that one instead (an RFID card went to the wrong user).
    if (!target || (text !== '' && text === value.label)) return;
    const timer = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(timer);
  }, [target, text, value.label]);

  const options = useQuery({
    queryKey: [...queryKeys.resource(target?.name ?? '').lists, 'picker', query],
    queryFn: ({ signal }) => fetchList(target!, { page: 0, size: 20, sort: '', q: query, filters: {} }, signal),
    staleTime: 30_000,
    enabled: target !== undefined,
  });
  // Options are shown only for the text as typed: the list of an older query, still on screen while the newer one
  // waits for its debounce and answer, was replaced under the pointer, and a click then chose nothing (or another row).
  const searching = target !== undefined && text !== value.label && text !== query;
  let items: { id: string; raw: string | number; label: string }[];
  if (given) {
    // The chosen option's label, or nothing typed, offers every option (so ▾ shows them all again).
    const all = text.trim() === '' || given.options.some((o) => o.label === text);
    items = (all ? given.options : given.options.filter((o) => given.matches(o, text))).map((o) => ({ id: o.id, raw: o.id, label: o.label }));
  } else {
    items = (searching ? [] : (options.data?.items ?? [])).map((record) => {
      const id = record[target!.idField] as string | number;
      return { id: String(id), raw: id, label: pickerOptionLabel(target!, record) };
    });
    if (value.id !== null && !items.some((i) => i.raw === value.id)) items.unshift({ id: String(value.id), raw: value.id, label: value.label });
  }
  const noun = given ? given.noun : target!.plural.toLowerCase();
  const emptyText = given ? given.noMatch : searching || options.isFetching ? 'Searching…' : options.error ? errorMessage(options.error) : 'No matches';

  return (
    <ComboBox
      className="ui-field"
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next === '') onChange({ id: null, label: '' });
      }}
      selectedKey={value.id === null ? null : String(value.id)}
      onSelectionChange={(key) => {
        const item = items.find((i) => i.id === key);
        if (!item) return;
        setText(item.label);
        onChange({ id: item.raw, label: item.label });
      }}
      items={items}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      menuTrigger={menuTrigger}
      allowsEmptyCollection
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="relation-picker__control">
        <Input className="ui-field__input" placeholder={given ? given.placeholder : `Search ${noun}`} autoFocus={autoFocus} />
        <AriaButton className="relation-picker__toggle" aria-label={`Show ${noun}`}>
          ▾
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="ui-field__error">{error}</FieldError>
      <Popover className="relation-picker__popover">
        <ListBox className="relation-picker__list" renderEmptyState={() => <div className="relation-picker__empty">{emptyText}</div>}>
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
