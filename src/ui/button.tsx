import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import type { Ref } from 'react';
import './ui.css';

/** Props of Button: react-aria-components Button props plus look. */
export interface ButtonProps extends AriaButtonProps {
  /** Visual weight; default 'secondary'. 'danger' is for actions that cannot be undone. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Size; default 'md'. */
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** A react-aria-components Button with the console's variants and a visible keyboard focus ring. */
export function Button({ variant = 'secondary', size = 'md', className, ...props }: ButtonProps) {
  const base = `ui-button ui-button--${variant} ui-button--${size}`;
  return (
    <AriaButton
      {...props}
      className={(renderProps) => {
        const extra = typeof className === 'function' ? className(renderProps) : className;
        return extra ? `${base} ${extra}` : base;
      }}
    />
  );
}
