import { FieldError, Input, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldLabel } from './field-label';
import type { ReactNode, Ref } from 'react';
import './ui.css';

/** Props of TextField: react-aria-components TextField props plus label, help and error texts. */
export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'> {
  /** Visible label, also the input's accessible name. */
  label: ReactNode;
  /** Help text under the input, linked with aria-describedby; default none. */
  description?: ReactNode;
  /** Error shown under the input; when given the field is invalid. Default none (react-aria validation still shows). */
  errorMessage?: string;
  /** Placeholder of the input; default none. */
  placeholder?: string;
  /** Extra class on the field wrapper; default none. */
  className?: string;
  /** Ref to the input element (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input (react-aria-components TextField) with an optional description and an error
 * shown next to it; events such as onKeyDown (digit filter) and inputMode/autoComplete/autoFocus pass through.
 */
export function TextField({ label, description, errorMessage, placeholder, className, inputRef, isInvalid, ...props }: TextFieldProps) {
  const invalid = isInvalid || Boolean(errorMessage);
  return (
    <AriaTextField {...props} isInvalid={invalid} className={className ? `ui-field ${className}` : 'ui-field'}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Input className="ui-field__input" placeholder={placeholder} ref={inputRef} />
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
