import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useCallback, type Ref } from 'react';
import './ui.css';

/** Props of Button: react-aria-components Button props plus look. */
export interface ButtonProps extends AriaButtonProps {
  /** Visual weight; default 'secondary'. 'danger' is for actions that cannot be undone. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Size; default 'md'. */
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
  /** The keys that press it (e.g. "C"), announced to assistive technology; the page handles them. */
  'aria-keyshortcuts'?: string;
}

/** A react-aria-components Button with the console's variants and a visible keyboard focus ring. */
export function Button({ variant = 'secondary', size = 'md', className, ref, 'aria-keyshortcuts': keyShortcuts, ...props }: ButtonProps) {
  const base = `ui-button ui-button--${variant} ui-button--${size}`;
  // react-aria's Button passes only some aria-* props to the element; the shortcut a button announces is set here.
  const setRef = useCallback(
    (element: HTMLButtonElement | null) => {
      if (element) {
        if (keyShortcuts) element.setAttribute('aria-keyshortcuts', keyShortcuts);
        else element.removeAttribute('aria-keyshortcuts');
      }
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [keyShortcuts, ref],
  );
  return (
    <AriaButton
      {...props}
      ref={setRef}
      className={(renderProps) => {
        const extra = typeof className === 'function' ? className(renderProps) : className;
        return extra ? `${base} ${extra}` : base;
      }}
    />
  );
}
