import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChangedBy } from "./changed-by.tsx";

// "Changed by … 3 days ago" (ADR 021): the words, the exact time for pointer and screen reader.

afterEach(cleanup);

describe("ChangedBy", () => {
  it("says who and when, the exact time in the <time> element and for screen readers", () => {
    render(
      <ChangedBy
        change={{
          actor: "ann@club.example",
          at: "2026-11-25T14:30:00.000Z",
          ago: "3 days ago",
          full: "25 November 2026, 14:30",
        }}
      />,
    );
    const line = screen.getByText(/Changed by ann@club\.example/);
    expect(line.textContent).toBe(
      "Changed by ann@club.example 3 days ago (25 November 2026, 14:30)",
    );
    const time = line.querySelector("time");
    expect(time?.getAttribute("dateTime")).toBe("2026-11-25T14:30:00.000Z");
    expect(time?.getAttribute("title")).toBe("25 November 2026, 14:30");
  });

  it("says nothing for a record no one has changed since Activity began", () => {
    const { container } = render(<ChangedBy change={undefined} />);
    expect(container.textContent).toBe("");
  });
});
