import type { ReactNode } from 'react';
import { Label } from 'react-aria-components';

/** The asterisk of a required field (the field itself says "required" to assistive technology). */
export function RequiredMark() {
  return (
    <span className="ui-field__required" aria-hidden="true">
      *
    </span>
  );
}

/** A field's visible label (react-aria Label, so it names its field), with the asterisk when required. */
export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className="ui-field__label">
      {children}
      {isRequired ? <RequiredMark /> : null}
    </Label>
  );
}
