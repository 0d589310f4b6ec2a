import { flattenMenu } from '@domain/menu';

const menuPaths = flattenMenu().map((e) => e.path);

/** The path of the menu entry a URL sits under (the longest match), if any. */
export function matchMenuEntryPath(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? url;
  let best: string | undefined;
  for (const p of menuPaths) if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
  return best;
}
