import { Fragment } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { chordShortcuts, globalShortcuts, type ShortcutInfo } from '@commands/shortcuts';
import { keyboardState, setShortcutHelpOpen } from '@state/keyboard-state';
import { Button } from '@ui/button';
import { pageShortcuts } from './page-shortcuts';
import { useAvailableChords } from './use-global-shortcuts';
import './keyboard.css';

function Keys({ shortcut }: { shortcut: ShortcutInfo }) {
  return (
    <span className="shortcut-help__keys">
      {shortcut.keys.map((k, i) => (
        <Fragment key={`${k}-${i}`}>
          {i > 0 ? <span className="shortcut-help__then">{shortcut.sequence ? 'then' : '+'}</span> : null}
          <kbd>{k}</kbd>
        </Fragment>
      ))}
    </span>
  );
}

function Section({ title, shortcuts, singleKeyOff }: { title: string; shortcuts: readonly ShortcutInfo[]; singleKeyOff: boolean }) {
  if (shortcuts.length === 0) return null;
  return (
    <section className="shortcut-help__section" aria-label={title}>
      <h3 className="shortcut-help__heading">{title}</h3>
      <dl className="shortcut-help__list">
        {shortcuts.map((s) => (
          <div key={`${s.keys.join(' ')}-${s.description}`} className={`shortcut-help__row${s.singleKey && singleKeyOff ? ' shortcut-help__row--off' : ''}`}>
            <dt>
              <Keys shortcut={s} />
            </dt>
            <dd>
              {s.description}
              {s.singleKey && singleKeyOff ? <span className="shortcut-help__note"> (off)</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The "Keyboard shortcuts" overlay: global shortcuts, the chords the user may use, and the current page's. */
export function ShortcutHelp() {
  const { helpOpen, singleKeyShortcuts } = useSnapshot(keyboardState);
  const { groups } = useSnapshot(pageShortcuts);
  const chords = useAvailableChords();
  const off = !singleKeyShortcuts;
  return (
    <ModalOverlay className="ui-modal-overlay" isOpen={helpOpen} onOpenChange={setShortcutHelpOpen} isDismissable>
      <Modal className="ui-modal shortcut-help">
        <Dialog className="ui-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="ui-dialog__title">
                Keyboard shortcuts
              </Heading>
              {off ? <p className="shortcut-help__note">Single-key shortcuts are off (turn them on in the user menu).</p> : null}
              <div className="shortcut-help__body">
                <Section title="Everywhere" shortcuts={globalShortcuts} singleKeyOff={off} />
                <Section title="Go to" shortcuts={chordShortcuts(chords)} singleKeyOff={off} />
                {groups.map((g) => (
                  <Section key={g.id} title={g.title} shortcuts={g.shortcuts} singleKeyOff={off} />
                ))}
              </div>
              <div className="ui-dialog__actions">
                <Button variant="secondary" onPress={close} autoFocus>
                  Close
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
