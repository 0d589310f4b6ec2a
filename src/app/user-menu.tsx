import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { BULK_RESULTS_ROUTE } from '@domain/bulk-runs';
import { formatIndianMobile } from '@domain/phone';
import { useUploadSource } from '@data/signed-upload-urls';
import { keyboardState, setSingleKeyShortcuts } from '@state/keyboard-state';
import { permissionNamesStore, toggleShowPermissionNames } from '@state/permission-names';
import { useSession } from './session/session-context';
import { UserAvatar, userImageUrl } from './user-avatar';
import { UserMenuWho } from './user-menu-stand-in';

/** How the user menu starts: its stand-in was pressed (open at once) or focused (take the focus) while it loaded. */
export interface UserMenuStart {
  open: boolean;
  focus: boolean;
}

/** The user menu: picture, name and mobile number, My bulk runs, the display preferences and Sign Out. */
export function UserMenu({ start = { open: false, focus: false } }: { start?: UserMenuStart }) {
  const { user, globalConfig, signOut } = useSession();
  // A picture uploaded as a private user photo loads through a signed link (initials show meanwhile).
  const source = useUploadSource(user.image);
  const image = userImageUrl(source.path ?? null, globalConfig?.imageCDNUrl);
  const mobile = formatIndianMobile(user.mobileNumber);
  const { value: showPermissionNames } = useSnapshot(permissionNamesStore);
  const { singleKeyShortcuts } = useSnapshot(keyboardState);
  const [, navigate] = useLocation();
  return (
    <MenuTrigger defaultOpen={start.open}>
      <Button className="user-menu__trigger" autoFocus={start.focus || start.open}>
        <UserMenuWho name={user.name} mobile={mobile} avatar={<UserAvatar name={user.name} image={image} />} />
      </Button>
      <Popover placement="bottom end" className="user-menu__popover">
        <div className="user-card">
          <UserAvatar name={user.name} image={image} size={40} />
          <div>
            <div className="user-card__name">{user.name}</div>
            <div className="user-card__mobile">{mobile}</div>
            {user.email ? <div className="user-card__email">{user.email}</div> : null}
          </div>
        </div>
        <Menu
          className="user-menu__list"
          aria-label="Account"
          onAction={(key) => {
            if (key === 'bulk-runs') navigate(BULK_RESULTS_ROUTE);
            if (key === 'permission-names') toggleShowPermissionNames();
            if (key === 'single-key-shortcuts') setSingleKeyShortcuts(!singleKeyShortcuts);
            if (key === 'sign-out') signOut();
          }}
        >
          <MenuItem id="bulk-runs" className="user-menu__item">
            My bulk runs
          </MenuItem>
          <MenuItem id="permission-names" className="user-menu__item">
            {showPermissionNames ? 'Hide permission names' : 'Show permission names'}
          </MenuItem>
          <MenuItem id="single-key-shortcuts" className="user-menu__item" textValue="Single-key shortcuts">
            Single-key shortcuts: {singleKeyShortcuts ? 'On' : 'Off'}
          </MenuItem>
          <MenuItem id="sign-out" className="user-menu__item">
            Sign Out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
