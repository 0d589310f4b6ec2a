import { parseDate, parseDateTime, type CalendarDate, type CalendarDateTime } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Popover,
  Text,
} from 'react-aria-components';
import { FieldLabel } from './field-label';
import './ui.css';

/** The console writes and reads dates the Indian way (DD/MM/YYYY, 12-hour time), whatever the browser's locale. */
export const DATE_LOCALE = 'en-IN';

/** Props of DateField. */
export interface DateFieldProps {
  /** Visible label, also the field group's accessible name. */
  label: string;
  /** 'YYYY-MM-DD' (granularity day) or 'YYYY-MM-DDTHH:mm' (granularity minute); '' when empty. */
  value: string;
  /** The new value in the same form, or '' when cleared. A partly typed date reports nothing until complete. */
  onChange: (value: string) => void;
  /** 'day' for a date, 'minute' for a date and time; default 'day'. */
  granularity?: 'day' | 'minute';
  isRequired?: boolean;
  /** Error shown under the field; when given the field is invalid. */
  errorMessage?: string;
  /** Help text under the field. */
  description?: string;
  /** Form field name (a hidden input carries the ISO value). */
  name?: string;
  className?: string;
}

type PickerValue = CalendarDate | CalendarDateTime;

/** The picker's value of a stored string; null when empty or unreadable. */
export function toPickerValue(value: string, granularity: 'day' | 'minute'): PickerValue | null {
  if (value === '') return null;
  try {
    return granularity === 'day' ? parseDate(value.slice(0, 10)) : parseDateTime(value.length === 10 ? `${value}T00:00` : value.slice(0, 16));
  } catch {
    return null;
  }
}

/** The stored string of a picker value ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'); '' for none. */
export function fromPickerValue(value: PickerValue | null, granularity: 'day' | 'minute'): string {
  if (!value) return '';
  const day = `${String(value.year).padStart(4, '0')}-${String(value.month).padStart(2, '0')}-${String(value.day).padStart(2, '0')}`;
  if (granularity === 'day' || !('hour' in value)) return day;
  return `${day}T${String(value.hour).padStart(2, '0')}:${String(value.minute).padStart(2, '0')}`;
}

/**
 * A date (or date and time) field in day-month-year order, DD/MM/YYYY, in every browser: typed segment by segment (digits
 * move on by themselves, arrows step, Backspace clears) or picked from a calendar. A native date input follows the
 * browser's locale, so an en-US browser showed 12/02/2026 beside a details page saying 02/12/2026.
 */
export function DateField({ label, value, onChange, granularity = 'day', isRequired, errorMessage, description, name, className }: DateFieldProps) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <DatePicker
        className={className ? `ui-field ui-date ${className}` : 'ui-field ui-date'}
        value={toPickerValue(value, granularity)}
        onChange={(v) => onChange(fromPickerValue(v, granularity))}
        granularity={granularity}
        hourCycle={12}
        shouldForceLeadingZeros
        isRequired={isRequired}
        isInvalid={Boolean(errorMessage)}
        name={name}
      >
        <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
        <Group className="ui-field__input ui-date__group">
          <DateInput className="ui-date__input">{(segment) => <DateSegment segment={segment} className="ui-date__segment" />}</DateInput>
          <AriaButton className="ui-date__button" aria-label="Open calendar">
            <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
              <path fill="currentColor" d="M5 1v2h6V1h1.5v2H14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h1.5V1H5Zm8.5 5.5h-11V13.5h11V6.5Z" />
            </svg>
          </AriaButton>
        </Group>
        {description ? (
          <Text slot="description" className="ui-field__description">
            {description}
          </Text>
        ) : null}
        <FieldError className="ui-field__error">{errorMessage}</FieldError>
        <Popover className="ui-date__popover" placement="bottom start">
          <Dialog className="ui-date__dialog" aria-label={`${label}: calendar`}>
            <Calendar className="ui-calendar">
              <header className="ui-calendar__header">
                <AriaButton slot="previous" className="ui-calendar__nav" aria-label="Previous month">
                  ‹
                </AriaButton>
                <Heading className="ui-calendar__heading" />
                <AriaButton slot="next" className="ui-calendar__nav" aria-label="Next month">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid className="ui-calendar__grid">{(date) => <CalendarCell date={date} className="ui-calendar__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
