// Every screen route of the console, as a reference list in shorthand (one line per menu area), and the reading of
// that shorthand into paths, which e2e/spec-routes.spec.ts visits one by one.

/** The route lines, one per menu area. */
export const specRouteLines = `
- \`/\` (home) and \`/login\`.
- \`/charger-management\`: create, active-chargers, all-chargers, all-location (and /add-location), hardware-inventory, warehouse-summary, transaction, ocpp-transactions, flextron-transactions, other-network-chargers (and /create), servicing-required (with /open, /map-view, /hardware-management containing /all-tickets and /open-tickets), installation, transfer-device.
- \`/zone-management\`: risk-zone (and /add), operational-zone (and /add).
- \`/rfid-management\`: rfid-history, authorize-history.
- \`/ticket-management\`: open, all-tickets, open-tickets, today-tickets, tickets/{id}, tickets/{id}/installation/add, site-inspection-tickets (and /add, /open), customer-support-tickets (all-tickets, open-tickets, add), delivery-tickets (all-tickets, in-transit-tickets), demo-tickets (and /open), bundle-management-tickets (and /open), booking-utilization-tickets (and /open).
- \`/user-management\`: add, groups (and /add-group), hosts, host-support, unblock-user, czo-access, bank-details, applied-referrals.
- \`/wallet-management\`: add-credits-to-wallet, top-up-request.
- \`/booking-management\`: all-bookings, all-bookings/bookings, promo-codes (and /create).
- \`/finance-management\`: settlement-history (and /upload, /add), payouts (and /add), investment-lead-bundles (and /add), invoice, postpaid-billing (and /add-postpaid-billing), investor-bundle (and /add-investor-bundle).
- \`/sustain-capital-management\`: add, location-banks (and /add), opportunity-leads, exclusive-prime-deals, data-insights, finance-management.
- \`/order-management\`: all-orders, all-orders/{id}, open-orders, my-orders, my-orders/{id}, orders.
- \`/global-data-management\`: socket-types, city, news, career, knowledge-hub, product, vendor-management, warehouse-management (each with /add), error-code-managment, outbond-call-logs, sms-notification-logs, whatsapp-notification-logs, vehicle-management (and /add), audit-configuration, notification-templates (with /notification-template-details and /add-notification).
- \`/czo-management\`: all-roles (and /add), user-roles (and /add).
- \`/downloads-management\`: create, all-downloads, my-downloads, download-configuration.
- \`/app-management/ads-management\` (and /add).
- \`/installation-management\`: ready-for-install, all-installation.
- \`/progress-tracker\`: daily-tracker, monthly-tracker.
- \`/lead-management\`: all-leads, inbound-leads, utilization-leads, utilization-leads/my, utilization-leads/add-utilization-lead.
- \`/charge-point-operator-management\`: all-operator (and /add), white-label (and /add), cpo-access-request, cpo-leads.
`.trim();

/** Splits at the separator outside parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** "/a, /b and /c" → ["a", "b", "c"] (a leading slash is optional). */
function childList(text: string): string[] {
  return splitTopLevel(text, ',')
    .flatMap((part) => splitTopLevel(part, ' and '))
    .map((child) => child.replace(/^\//, ''));
}

/**
 * The paths of one item of a route line (relative to the line's prefix). Its shorthand: "x (and /a, /b)" and
 * "x (with /a, /b)" are x, x/a and x/b; "x (a, b)" is x/a and x/b only (x groups them); "/h containing /c and
 * /d" inside a group is h/c and h/d.
 */
function itemPaths(item: string): { name: string; paths: string[]; each?: string[] } {
  const match = /^([^(]+?)\s*(?:\((.*)\))?$/.exec(item);
  if (!match) throw new Error(`Unreadable route item: ${item}`);
  const name = match[1]!.trim();
  const group = match[2]?.trim();
  if (!group) return { name, paths: [name] };
  const each = /^each with (.*)$/.exec(group);
  if (each) return { name, paths: [name], each: childList(each[1]!) };
  const withParent = /^(?:and|with) (.*)$/.exec(group);
  const children = splitTopLevel(withParent ? withParent[1]! : group, ',').flatMap((child) => {
    const container = /^\/?(\S+) containing (.*)$/.exec(child);
    if (container) return childList(container[2]!).map((c) => `${container[1]!}/${c}`);
    return childList(child);
  });
  return { name, paths: [...(withParent ? [name] : []), ...children.map((c) => `${name}/${c}`)] };
}

/** Every path of the route lines, in their order, with `{id}` where a record's id goes. */
export function parseSpecRoutes(lines: string = specRouteLines): string[] {
  const paths: string[] = [];
  for (const raw of lines.split('\n')) {
    const line = raw.trim().replace(/^- /, '').replace(/\.$/, '');
    if (!line) continue;
    const home = /^`\/` \(home\) and `(\/\w+)`$/.exec(line);
    if (home) {
      paths.push('/', home[1]!);
      continue;
    }
    const prefixed = /^`([^`]+)`(?::\s*(.*)|\s+(\(.*\)))$/.exec(line);
    if (!prefixed) throw new Error(`Unreadable route line: ${line}`);
    const prefix = prefixed[1]!;
    if (prefixed[3]) {
      // "`/app-management/ads-management` (and /add)": the prefix is itself a screen.
      paths.push(...itemPaths(`${prefix} ${prefixed[3]}`).paths);
      continue;
    }
    let run: string[] = [];
    for (const item of splitTopLevel(prefixed[2]!, ',')) {
      const { paths: own, each } = itemPaths(item);
      run.push(...own);
      // "a, b, c (each with /add)": every item since the last one with its own group gets the child.
      if (each) run = run.flatMap((p) => [p, ...each.map((c) => `${p}/${c}`)]);
      if (/\(/.test(item)) {
        paths.push(...run.map((p) => `${prefix}/${p}`));
        run = [];
      }
    }
    paths.push(...run.map((p) => `${prefix}/${p}`));
  }
  return paths;
}
