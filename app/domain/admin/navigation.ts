// The admin navigation's items (from the registry's navigationFor, ADR 020). Pure.

export type NavigationItem = { to: string; label: string; end: boolean };

/**
 * The item of the screen an address belongs to, named by the phone's "Menu" (ADR 039): the
 * longest address that is the path or a folder above it; an `end` item (Dashboard) only at
 * its own address.
 */
export function currentNavigationItem(
  items: readonly NavigationItem[],
  pathname: string,
): NavigationItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return items
    .filter((item) =>
      item.end ? path === item.to : path === item.to || path.startsWith(`${item.to}/`),
    )
    .sort((a, b) => b.to.length - a.to.length)[0];
}
