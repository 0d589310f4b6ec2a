import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button as AriaButton, ComboBox, FieldError, Input, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { resourceByName } from '@domain/resource/registry';
import { queryKeys } from '@data/query-keys';
import { errorMessage } from '@data/api-client';
import { fetchList } from '@data/resource-api';
import { FieldLabel } from '@ui/field-label';

/** Props of RelationPicker. */
export interface RelationPickerProps {
  label: string;
  /** Resource whose records are offered. */
  resource: string;
  value: { id: string | number | null; label: string };
  onChange: (value: { id: string | number | null; label: string }) => void;
  isRequired?: boolean;
  errorMessage?: string;
  description?: string;
}

/** A combobox that searches another resource's records by what is typed (id, phone, code or name). */
export function RelationPicker({ label, resource: name, value, onChange, isRequired, errorMessage: error, description }: RelationPickerProps) {
  const target = resourceByName(name);
  const [text, setText] = useState(value.label);
  const [query, setQuery] = useState('');
  useEffect(() => setText(value.label), [value.label]);
  useEffect(() => {
    // Once an option is chosen its label fills the input: keep the options of what was typed. Going back to every
    // record changed the list under the input, which reopened it with its first option focused, and Tab or Enter
    // then chose that one instead (an RFID card went to the wrong user).
    if (text !== '' && text === value.label) return;
    const timer = setTimeout(() => setQuery(text), 250);
    return () => clearTimeout(timer);
  }, [text, value.label]);

  const options = useQuery({
    queryKey: [...queryKeys.resource(target.name).lists, 'picker', query],
    queryFn: ({ signal }) => fetchList(target, { page: 0, size: 20, sort: '', q: query, filters: {} }, signal),
    staleTime: 30_000,
  });
  // Options are shown only for the text as typed: the list of an older query, still on screen while the newer one
  // waits for its debounce and answer, was replaced under the pointer, and a click then chose nothing (or another row).
  const searching = text !== value.label && text !== query;
  const items = (searching ? [] : (options.data?.items ?? [])).map((record) => {
    const id = record[target.idField] as string | number;
    const text = record[target.labelField];
    return { id: String(id), raw: id, label: text ? `${String(text)} (${String(id)})` : String(id) };
  });
  if (value.id !== null && !items.some((i) => i.raw === value.id)) items.unshift({ id: String(value.id), raw: value.id, label: value.label });

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
        if (item) onChange({ id: item.raw, label: item.label });
      }}
      items={items}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="relation-picker__control">
        <Input className="ui-field__input" placeholder={`Search ${target.plural.toLowerCase()}`} />
        <AriaButton className="relation-picker__toggle" aria-label={`Show ${target.plural.toLowerCase()}`}>
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
        <ListBox className="relation-picker__list" renderEmptyState={() => <div className="relation-picker__empty">{searching || options.isFetching ? 'Searching…' : options.error ? errorMessage(options.error) : 'No matches'}</div>}>
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
