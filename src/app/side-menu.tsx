import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { permissionNamesStore } from '@state/permission-names';
import { hasPermittedEntries, menuTree, visibleMenu, type FlatMenuEntry, type MenuGroup, type MenuNode } from '@domain/menu';
import type { PinnedItem } from '@domain/pinned-item';
import { saveBreadcrumbs, trailForEntry } from '@state/breadcrumbs';
import { isInternalPath } from '@state/internal-path';
import { isPinned, pinsStore, togglePin, unpinItem } from '@state/pins';
import { useSession } from './session/session-context';
import { ChevronIcon, PinIcon } from './icons';
import { entryLabel, groupIdsHolding, initialsOf, matchMenuEntry, pinForEntry, trailForPin, uniqueInitials } from './menu-match';

// Shown only when "Show permission names" is on: its copy button's code (react-aria) loads then.
const PermissionBadge = lazy(() => import('@ui/permission-badge').then((m) => ({ default: m.PermissionBadge })));

/** The text shown when the user may open no menu entry at all (exact product wording). */
export const NO_PERMISSIONS_MESSAGE = 'Looks Like you dont have any permissions.';

/** Options of SideMenu. */
export interface SideMenuProps {
  /** Shows only initials of pins and groups (the collapsed 64 px rail); default false. */
  collapsed?: boolean;
  /** Called after a link of the menu is followed (the slide-in menu closes with it); default none. */
  onNavigate?: () => void;
  /** Called when a group is chosen in the collapsed rail, to expand the menu; default none. */
  onExpand?: () => void;
  /** The menu to filter by the user's permissions; default the console's menu tree. */
  tree?: readonly MenuNode[];
}

/** The permission-filtered side menu: the Pinned list, then every visible group in the menu's order. */
export function SideMenu({ collapsed = false, onNavigate, onExpand, tree = menuTree }: SideMenuProps) {
  const { user } = useSession();
  const menu = useMemo(() => visibleMenu(user.permissions, tree), [user.permissions, tree]);
  const railLabels = useMemo(() => uniqueInitials(menu.map((node) => node.title)), [menu]);
  const permitted = useMemo(() => hasPermittedEntries(user.permissions, tree), [user.permissions, tree]);
  const [location] = useLocation();
  const { items: pins } = useSnapshot(pinsStore);
  const active = useMemo(() => matchMenuEntry(location, menu), [location, menu]);

  // The group holding the current page opens on each navigation; other groups keep the user's choice.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(active ? groupIdsHolding(menu, active.id) : []));
  const [openedFor, setOpenedFor] = useState(active?.id);
  if (openedFor !== active?.id) {
    setOpenedFor(active?.id);
    if (active) setOpen((prev) => new Set([...prev, ...groupIdsHolding(menu, active.id)]));
  }

  const toggleGroup = (id: string, force?: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (force ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const followEntry = (entry: FlatMenuEntry) => {
    saveBreadcrumbs(trailForEntry(entry));
    onNavigate?.();
  };
  const followPin = (pin: PinnedItem) => {
    saveBreadcrumbs(trailForPin(pin, tree));
    onNavigate?.();
  };
  // Pins come from storage or the server; never render one that would leave the console.
  const safePins = pins.filter((pin) => isInternalPath(pin.redirect));

  if (collapsed) {
    return (
      <nav className="side-menu side-menu--collapsed" aria-label="Main menu">
        {safePins.length > 0 && (
          <ul className="rail rail--pins" aria-label="Pinned">
            {safePins.map((pin) => (
              <li key={pin.id}>
                <Link href={pin.redirect} className="rail__item" aria-label={pin.title} title={pin.title} onClick={() => followPin(pin)}>
                  {initialsOf(pin.title)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {!permitted && (
          <p className="side-menu__empty" title={NO_PERMISSIONS_MESSAGE}>
            <span className="ui-visually-hidden">{NO_PERMISSIONS_MESSAGE}</span>
            <span aria-hidden="true">–</span>
          </p>
        )}
        {menu.length > 0 && (
          <ul className="rail">
            {menu.map((node) => (
              <li key={node.id}>
                <button
                  type="button"
                  className={`rail__item${active && node.kind === 'group' && groupIdsHolding([node], active.id).length ? ' rail__item--active' : ''}`}
                  aria-label={node.title}
                  title={node.title}
                  onClick={() => {
                    toggleGroup(node.id, true);
                    onExpand?.();
                  }}
                >
                  {railLabels.get(node.title)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
    );
  }

  return (
    <nav className="side-menu" aria-label="Main menu">
      {safePins.length > 0 && (
        <PinnedList pins={safePins} activePath={active?.path} onFollow={followPin} />
      )}
      {!permitted && <p className="side-menu__empty">{NO_PERMISSIONS_MESSAGE}</p>}
      {menu.length > 0 && (
        <ul className="menu-tree">
          {menu.map((node) => (
            <MenuNodeView
              key={node.id}
              node={node}
              trail={[]}
              depth={0}
              open={open}
              activeId={active?.id}
              pins={pins}
              onToggle={toggleGroup}
              onFollow={followEntry}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

interface PinnedListProps {
  pins: readonly PinnedItem[];
  activePath: string | undefined;
  onFollow: (pin: PinnedItem) => void;
}

function PinnedList({ pins, activePath, onFollow }: PinnedListProps) {
  const headingId = useId();
  return (
    <section className="menu-pinned" aria-labelledby={headingId}>
      <h2 id={headingId} className="menu-section-title">
        Pinned
      </h2>
      <ul className="menu-list">
        {pins.map((pin) => (
          <li key={pin.id} className="menu-entry">
            <Link
              href={pin.redirect}
              className="menu-entry__link"
              aria-current={pin.redirect === activePath ? 'page' : undefined}
              onClick={() => onFollow(pin)}
            >
              {pin.title}
            </Link>
            <button type="button" className="pin-toggle pin-toggle--on" aria-label={`Unpin ${pin.title}`} onClick={() => unpinItem(pin.id)}>
              <PinIcon filled />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface MenuNodeViewProps {
  node: MenuNode;
  trail: readonly string[];
  depth: number;
  open: ReadonlySet<string>;
  activeId: string | undefined;
  pins: readonly PinnedItem[];
  onToggle: (id: string) => void;
  onFollow: (entry: FlatMenuEntry) => void;
}

function MenuNodeView(props: MenuNodeViewProps) {
  const { node, trail, activeId, pins, onFollow } = props;
  const { value: showPermissionNames } = useSnapshot(permissionNamesStore);
  if (node.kind === 'group') return <MenuGroupView {...props} node={node} />;
  const entry: FlatMenuEntry = { ...node, trail };
  const pin = pinForEntry(entry);
  const pinned = isPinned(pins, entry.id);
  const label = entryLabel(entry);
  return (
    <li className="menu-entry">
      <Link
        href={entry.path}
        className="menu-entry__link"
        aria-current={entry.id === activeId ? 'page' : undefined}
        onClick={() => onFollow(entry)}
      >
        {entry.title}
      </Link>
      {showPermissionNames && entry.permission ? (
        <span className="menu-entry__permission">
          <Suspense fallback={<code className="ui-permission-badge__name">{entry.permission}</code>}>
            <PermissionBadge permission={entry.permission} />
          </Suspense>
        </span>
      ) : null}
      <button
        type="button"
        className={`pin-toggle${pinned ? ' pin-toggle--on' : ''}`}
        aria-label={`${pinned ? 'Unpin' : 'Pin'} ${label}`}
        title={pinned ? 'Unpin' : 'Pin'}
        onClick={() => togglePin(pin)}
      >
        <PinIcon filled={pinned} />
      </button>
    </li>
  );
}

function MenuGroupView(props: MenuNodeViewProps & { node: MenuGroup }) {
  const { node, trail, depth, open, onToggle } = props;
  const listId = useId();
  const isOpen = open.has(node.id);
  return (
    <li className={`menu-group menu-group--depth-${Math.min(depth, 2)}`}>
      <button
        type="button"
        className="menu-group__toggle"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => onToggle(node.id)}
      >
        <ChevronIcon className="menu-group__chevron" />
        <span>{node.title}</span>
      </button>
      <ul id={listId} className="menu-list" hidden={!isOpen}>
        {node.children.map((child) => (
          <MenuNodeView key={child.id} {...props} node={child} trail={[...trail, node.title]} depth={depth + 1} />
        ))}
      </ul>
    </li>
  );
}
