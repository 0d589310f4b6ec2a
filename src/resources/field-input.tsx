import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Button as AriaButton,
  TextArea,
  TextField as AriaTextField,
  Text,
} from 'react-aria-components';
import { validateCoordinates } from '@domain/coordinates';
import { blockNonDigitKeys } from '@domain/digit-filter';
import { permissionLabel } from '@domain/permission-labels';
import { permissionFamilies } from '@domain/permissions';
import type { FieldDef, ImageRef } from '@domain/resource/field';
import { uploadKindOfField } from '@domain/upload-kinds';
import { errorMessage } from '@data/api-client';
import { uploadFile } from '@data/resource-api';
import { Button } from '@ui/button';
import { DateField } from '@ui/date-field';
import { RequiredMark } from '@ui/field-label';
import { PermissionBadge } from '@ui/permission-badge';
import { TextField } from '@ui/text-field';
import { emptyRaw, type RawItem, type RawValue } from './form-values';
import { RelationPicker } from './relation-picker';
import { UploadedImage } from './uploaded-image';

// The map picker loads only when opened (maplibre-gl is large).
const CoordinatesPicker = lazy(() => import('@ui/map/coordinates-picker'));

/** A coordinates text field with a "Pick on map" switch beside it; the text stays the value (and its messages). */
function CoordinatesField({ label, value, onChange, children }: { label: string; value: string; onChange: (value: RawValue) => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="coordinates-field">
      <div className="coordinates-field__row">
        {children}
        <Button size="sm" onPress={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide map' : 'Pick on map'}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={<p className="muted">Loading map…</p>}>
          <CoordinatesPicker label={label} value={value} onPick={(text) => onChange(text)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Props of FieldInput. */
export interface FieldInputProps {
  /** Dotted path of the field (error lookup and ids). */
  path: string;
  def: FieldDef;
  value: RawValue;
  onChange: (value: RawValue) => void;
  /** Error messages by dotted path (this field's and its items'). */
  errors: Readonly<Record<string, string>>;
  cdnBase: string | undefined;
  /** Required in this form (create: the field's rule; update: never). */
  isRequired: boolean;
}

/** The one field dispatcher: renders the input of a field by its input kind. */
export function FieldInput(props: FieldInputProps) {
  const { path, def, value, onChange, errors, isRequired } = props;
  const error = errors[path];
  const description = def.help ?? (def.unit ? `In ${def.unit}` : undefined);
  const text = (extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={def.label}
      name={path}
      value={value as string}
      onChange={(v) => onChange(v)}
      isRequired={isRequired}
      errorMessage={error}
      description={description}
      {...extra}
    />
  );

  switch (def.inputKind) {
    case 'text':
      return text(def.digitsOnly ? { inputMode: 'numeric', onKeyDown: blockNonDigitKeys } : {});
    case 'email':
      return text({ type: 'email', autoComplete: 'off' });
    case 'url':
      return text({ type: 'url', placeholder: 'https://' });
    case 'phone':
      return text({ type: 'tel', inputMode: 'tel', placeholder: '98765 43210', description: description ?? 'Any common form: 98…, +91 98…, 0 98…' });
    case 'number':
      return text(def.digitsOnly ? { inputMode: 'numeric', onKeyDown: blockNonDigitKeys } : { inputMode: 'decimal' });
    case 'money':
      return text({ inputMode: 'decimal', description: description ?? 'In rupees (₹)' });
    case 'date':
    case 'datetime':
      return (
        <DateField
          label={def.label}
          name={path}
          value={value as string}
          onChange={(v) => onChange(v)}
          granularity={def.inputKind === 'date' ? 'day' : 'minute'}
          isRequired={isRequired}
          errorMessage={error}
          description={description}
        />
      );
    case 'coordinates': {
      const shown = error ?? (value !== '' ? validateCoordinates(value as string) : undefined);
      return (
        <CoordinatesField label={def.label} value={value as string} onChange={onChange}>
          {text({ placeholder: 'latitude,longitude e.g. 12.9716,77.5946', errorMessage: shown })}
        </CoordinatesField>
      );
    }
    case 'textarea':
      return (
        <AriaTextField className="ui-field" value={value as string} onChange={(v) => onChange(v)} isRequired={isRequired} isInvalid={Boolean(error)} name={path}>
          <Label className="ui-field__label">
            {def.label}
            {isRequired ? <RequiredMark /> : null}
          </Label>
          <TextArea className="ui-field__input ui-field__textarea" rows={4} />
          {description ? (
            <Text slot="description" className="ui-field__description">
              {description}
            </Text>
          ) : null}
          <FieldError className="ui-field__error">{error}</FieldError>
        </AriaTextField>
      );
    case 'boolean':
      return (
        <div className="ui-field">
          <Checkbox className="field-checkbox" isSelected={value as boolean} onChange={(v) => onChange(v)} name={path}>
            <span className="field-checkbox__box" aria-hidden="true" />
            {def.label}
          </Checkbox>
          {error ? <span className="ui-field__error">{error}</span> : null}
        </div>
      );
    case 'select':
      return (
        <Select
          className="ui-field"
          selectedKey={(value as string) || null}
          onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
          isRequired={isRequired}
          isInvalid={Boolean(error)}
          placeholder="Choose…"
        >
          <Label className="ui-field__label">
            {def.label}
            {isRequired ? <RequiredMark /> : null}
          </Label>
          <AriaButton className="ui-field__input field-select__button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </AriaButton>
          <FieldError className="ui-field__error">{error}</FieldError>
          {error ? <span className="ui-field__error">{error}</span> : null}
          <Popover className="relation-picker__popover">
            <ListBox className="relation-picker__list" items={def.options ?? []}>
              {(option) => (
                <ListBoxItem id={option.value} className="relation-picker__option">
                  {option.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>
      );
    case 'multiSelect':
      return (
        <CheckboxGroup className="ui-field field-choices" value={value as string[]} onChange={(v) => onChange(v)} isInvalid={Boolean(error)}>
          <Label className="ui-field__label">{def.label}</Label>
          <div className="field-choices__list">
            {(def.options ?? []).map((option) => (
              <Checkbox key={option.value} value={option.value} className="field-checkbox">
                <span className="field-checkbox__box" aria-hidden="true" />
                {option.label}
              </Checkbox>
            ))}
          </div>
          {error ? <span className="ui-field__error">{error}</span> : null}
        </CheckboxGroup>
      );
    case 'relation':
      return (
        <RelationPicker
          label={def.label}
          resource={def.relation!}
          value={value as { id: string | number | null; label: string }}
          onChange={onChange}
          isRequired={isRequired}
          errorMessage={error}
          description={def.help}
        />
      );
    case 'lakhs': {
      const amount = value as { valueIn: string; value: string };
      return (
        <fieldset className="field-group">
          <legend className="ui-field__label">
            {def.label}
            {isRequired ? <RequiredMark /> : null}
          </legend>
          <div className="field-group__row">
            <TextField label="Amount" value={amount.value} inputMode="decimal" onChange={(v) => onChange({ ...amount, value: v })} errorMessage={errors[`${path}.value`] ?? error} />
            <label className="ui-field">
              <span className="ui-field__label">Unit</span>
              <select className="ui-field__input" value={amount.valueIn} onChange={(e) => onChange({ ...amount, valueIn: e.target.value })}>
                <option value="LAKHS">Lakhs</option>
                <option value="CRORES">Crores</option>
              </select>
            </label>
          </div>
        </fieldset>
      );
    }
    case 'image':
      return <ImageUpload {...props} />;
    case 'images':
      return <ImagesUpload {...props} />;
    case 'items':
      return <ItemsInput {...props} />;
    case 'permissions':
      return <PermissionPicker {...props} />;
    case 'relations':
      return <RelationsInput {...props} />;
    default:
      return text();
  }
}

function ImageUpload({ path, def, value, onChange, errors, cdnBase, isRequired }: FieldInputProps) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const id = useId();
  const error = uploadError ?? errors[path];
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {def.label}
        {isRequired ? <RequiredMark /> : null}
      </label>
      {value ? <UploadedImage cdnBase={cdnBase} relativePath={value as string} requestWidth={200} alt={def.label} /> : null}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={busy}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setBusy(true);
          setUploadError(undefined);
          try {
            onChange((await uploadFile(file, uploadKindOfField(def)?.name)).relativePath);
          } catch (e) {
            setUploadError(errorMessage(e));
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy ? <span className="ui-field__description">Uploading…</span> : null}
      {value ? (
        <Button size="sm" variant="ghost" onPress={() => onChange('')}>
          Remove image
        </Button>
      ) : null}
      {error ? <span className="ui-field__error">{error}</span> : null}
    </div>
  );
}

function ImagesUpload({ path, def, value, onChange, errors, cdnBase }: FieldInputProps) {
  const images = value as ImageRef[];
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const id = useId();
  const error = uploadError ?? errors[path];
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {def.label}
      </label>
      <ul className="field-images">
        {images.map((image, index) => (
          <li key={`${image.relativePath}-${index}`}>
            <UploadedImage cdnBase={cdnBase} relativePath={image.relativePath} requestWidth={200} alt={image.name} />
            <Button size="sm" variant="ghost" aria-label={`Remove ${image.name}`} onPress={() => onChange(images.filter((_, i) => i !== index))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={busy}
        onChange={async (event) => {
          const files = [...(event.target.files ?? [])];
          if (files.length === 0) return;
          setBusy(true);
          setUploadError(undefined);
          try {
            const added: ImageRef[] = [];
            for (const file of files) {
              const uploaded = await uploadFile(file, uploadKindOfField(def)?.name);
              added.push({ id: uploaded.id, relativePath: uploaded.relativePath, name: uploaded.name });
            }
            onChange([...images, ...added]);
          } catch (e) {
            setUploadError(errorMessage(e));
          } finally {
            setBusy(false);
            event.target.value = '';
          }
        }}
      />
      {busy ? <span className="ui-field__description">Uploading…</span> : null}
      {error ? <span className="ui-field__error">{error}</span> : null}
    </div>
  );
}

function ItemsInput({ path, def, value, onChange, errors, cdnBase }: FieldInputProps) {
  const items = value as RawItem[];
  const itemFields = Object.entries(def.itemFields ?? {});
  const blank = (): RawItem => Object.fromEntries(itemFields.map(([k, d]) => [k, emptyRaw(d)]));
  return (
    <fieldset className="field-group">
      <legend className="ui-field__label">{def.label}</legend>
      {items.length === 0 ? <p className="ui-field__description">None yet.</p> : null}
      {items.map((item, index) => (
        <div key={index} className="field-group__item">
          <div className="field-group__row">
            {itemFields.map(([k, d]) => (
              <FieldInput
                key={k}
                path={`${path}.${index}.${k}`}
                def={d}
                value={item[k] ?? emptyRaw(d)}
                onChange={(v) => onChange(items.map((it, i) => (i === index ? { ...it, [k]: v } : it)))}
                errors={errors}
                cdnBase={cdnBase}
                isRequired={d.required}
              />
            ))}
          </div>
          <Button size="sm" variant="ghost" onPress={() => onChange(items.filter((_, i) => i !== index))} aria-label={`Remove ${def.label.toLowerCase()} ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button size="sm" onPress={() => onChange([...items, blank()])}>
        Add {def.label.toLowerCase().replace(/s$/, '')}
      </Button>
      {errors[path] ? <span className="ui-field__error">{errors[path]}</span> : null}
    </fieldset>
  );
}

function PermissionPicker({ path, def, value, onChange, errors }: FieldInputProps) {
  const selected = value as string[];
  const [filter, setFilter] = useState('');
  const families = useMemo(
    () =>
      Object.entries(permissionFamilies)
        .map(([family, perms]) => {
          const wanted = filter.trim().toLowerCase();
          return [family, (perms as readonly string[]).filter((p) => p.toLowerCase().includes(wanted) || permissionLabel(p).toLowerCase().includes(wanted))] as const;
        })
        .filter(([, perms]) => perms.length > 0),
    [filter],
  );
  return (
    <fieldset className="field-group permission-picker">
      <legend className="ui-field__label">
        {def.label} ({selected.length} chosen)
      </legend>
      <TextField label="Find a permission" value={filter} onChange={setFilter} placeholder="e.g. charger" />
      {families.length === 0 ? <p className="relation-picker__empty">No permission matches “{filter.trim()}”.</p> : null}
      {families.map(([family, perms]) => {
        const all = perms.every((p) => selected.includes(p));
        return (
          <CheckboxGroup key={family} className="permission-picker__family" value={selected} onChange={(v) => onChange(v)} aria-label={family}>
            <div className="permission-picker__head">
              <strong>{family}</strong>
              <Button size="sm" variant="ghost" onPress={() => onChange(all ? selected.filter((p) => !perms.includes(p)) : [...new Set([...selected, ...perms])])}>
                {all ? 'Clear all' : 'Choose all'}
              </Button>
            </div>
            <div className="permission-picker__list">
              {perms.map((p) => (
                <span key={p} className="permission-picker__item">
                  <Checkbox value={p} className="field-checkbox">
                    <span className="field-checkbox__box" aria-hidden="true" />
                    {permissionLabel(p)}
                  </Checkbox>
                  <PermissionBadge permission={p} />
                </span>
              ))}
            </div>
          </CheckboxGroup>
        );
      })}
      {errors[path] ? <span className="ui-field__error">{errors[path]}</span> : null}
    </fieldset>
  );
}

/** Several records of another resource: found one at a time with the relation picker, listed with Remove buttons. */
function RelationsInput({ path, def, value, onChange, errors, isRequired }: FieldInputProps) {
  const chosen = value as { id: string | number; label: string }[];
  const [picker, setPicker] = useState<{ id: string | number | null; label: string }>({ id: null, label: '' });
  return (
    <fieldset className="field-group">
      <legend className="ui-field__label">
        {def.label} ({chosen.length} chosen)
        {isRequired ? <RequiredMark /> : null}
      </legend>
      {chosen.length === 0 ? (
        <p className="ui-field__description">None chosen yet.</p>
      ) : (
        <ul className="field-relations" aria-label={`Chosen ${def.label.toLowerCase()}`}>
          {chosen.map((item) => (
            <li key={String(item.id)}>
              <span>{item.label}</span>
              <Button size="sm" variant="ghost" aria-label={`Remove ${item.label}`} onPress={() => onChange(chosen.filter((c) => c.id !== item.id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RelationPicker
        key={chosen.length}
        label={`Add to ${def.label.toLowerCase()}`}
        resource={def.relation!}
        value={picker}
        onChange={(next) => {
          if (next.id === null) {
            setPicker(next);
            return;
          }
          const id = next.id;
          if (!chosen.some((c) => c.id === id)) onChange([...chosen, { id, label: next.label }]);
          setPicker({ id: null, label: '' });
        }}
        description={def.help}
      />
      {errors[path] ? <span className="ui-field__error">{errors[path]}</span> : null}
    </fieldset>
  );
}
