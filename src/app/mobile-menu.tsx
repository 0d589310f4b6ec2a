import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { PRODUCT_NAME } from '@domain/constants';
import { Button } from '@ui/button';
import { useSession } from './session/session-context';
import { CloseIcon } from './icons';
import { SideMenu } from './side-menu';

/** Options of MobileMenu. */
export interface MobileMenuProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The slide-in menu below 992 px: the same side menu and a Sign Out button; Escape or a link closes it. */
export function MobileMenu({ isOpen, onOpenChange }: MobileMenuProps) {
  const { signOut } = useSession();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="drawer-overlay">
      <Modal className="drawer">
        <Dialog className="drawer__dialog" aria-label="Menu">
          {({ close }) => (
            <>
              <div className="drawer__head">
                <span className="brand">{PRODUCT_NAME}</span>
                <Button variant="ghost" size="sm" aria-label="Close menu" onPress={close}>
                  <CloseIcon />
                </Button>
              </div>
              <div className="drawer__body">
                <SideMenu onNavigate={close} />
              </div>
              <div className="drawer__foot">
                <Button
                  variant="secondary"
                  className="drawer__sign-out"
                  onPress={() => {
                    close();
                    signOut();
                  }}
                >
                  Sign Out
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
