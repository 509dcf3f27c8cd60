// Number and table formatting shared by the terminal and HTML reports.

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);
export const mb = (bytes: number | null) => (bytes === null ? "-" : (bytes / 1e6).toFixed(1));
export const ms = (value: number) =>
  Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : "-";
export const rps = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString("en-GB") : "-";

/** A text table: the first column (and any named in `left`) aligned left, figures right. */
export function table(headers: string[], rows: string[][], left: string[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || left.includes(headers[i] ?? "")
          ? cell.padEnd(widths[i] ?? 0)
          : cell.padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );
