import type { ReactNode } from 'react';
import { formatIndianMobile } from '@domain/phone';
import { initialsOf } from './menu-match';
import { useSession } from './session/session-context';

/** The user menu trigger's face: the avatar (the menu's picture; the stand-in's initials), name and mobile number. */
export function UserMenuWho({ name, mobile, avatar }: { name: string; mobile: string; avatar: ReactNode }) {
  return (
    <>
      {avatar}
      <span className="user-menu__who">
        <span className="user-menu__name">{name}</span>{' '}
        <span className="user-menu__mobile">{mobile}</span>
        {/* The button's name is its visible text plus what it opens (a name that hid the visible text failed axe). */}
        <span className="ui-visually-hidden">, account menu</span>
      </span>
    </>
  );
}

/**
 * The user menu's trigger while the menu's code (react-aria's menu and popover) loads: the same button with the
 * initials; pressing it opens the menu as soon as it is there, and focusing it hands the focus on. Pressing down
 * already counts: if the menu's code arrives between press and release, the release lands on the real button (which
 * saw no press) and the click would otherwise be lost.
 */
export function UserMenuStandIn({ onPress, onFocusChange }: { onPress(): void; onFocusChange(focused: boolean): void }) {
  const { user } = useSession();
  return (
    <button
      type="button"
      className="user-menu__trigger"
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerDown={(e) => e.button === 0 && onPress()}
      onClick={onPress} onFocus={() => onFocusChange(true)} onBlur={() => onFocusChange(false)}>
      {/* UserAvatar's initials, without its image code (the picture comes with the menu). */}
      <UserMenuWho
        name={user.name}
        mobile={formatIndianMobile(user.mobileNumber)}
        avatar={
          <span className="avatar avatar--initials" style={{ width: 32, height: 32 }} aria-hidden="true">
            {initialsOf(user.name)}
          </span>
        }
      />
    </button>
  );
}
