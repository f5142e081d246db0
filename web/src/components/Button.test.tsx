import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";

describe("Button", () => {
  it("links a page of the site as a plain link: pages are separate documents", () => {
    render(<Button to="/governance">More information</Button>);
    const link = screen.getByRole("link", { name: "More information" });
    expect(link.getAttribute("href")).toBe("/governance");
    expect(link.getAttribute("target")).toBeNull();
  });

  it.each([
    {
      name: "a page of the site named by content",
      props: { href: "/governance" },
      target: null,
      download: null,
    },
    {
      name: "a file of the site",
      props: { href: "/documents/policy.pdf" },
      target: null,
      download: null,
    },
    {
      name: "a download",
      props: { href: "/documents/report", download: true },
      target: null,
      download: "",
    },
    {
      name: "another site",
      props: { href: "https://www.example.org/" },
      target: "_blank",
      download: null,
    },
  ])("links $name", ({ props, target, download }) => {
    render(<Button {...props}>More information</Button>);
    const link = screen.getByRole("link", { name: /^More information/ });
    expect(link.getAttribute("href")).toBe(props.href);
    expect(link.getAttribute("target")).toBe(target);
    expect(link.getAttribute("download")).toBe(download);
    if (target === "_blank") {
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(link.textContent).toMatch(/opens in a new tab/);
    }
  });

  it("runs an action as a button with its state for assistive technology", () => {
    const onClick = vi.fn();
    render(
      <Button onClick={onClick} aria-expanded={false} aria-controls="list">
        Load more
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Load more" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBe("list");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("shows the arrow on the tertiary style only", () => {
    const { container, rerender } = render(<Button to="/x">Go</Button>);
    expect(container.querySelector("svg")).toBeNull();
    rerender(
      <Button to="/x" variant="tertiary">
        Go
      </Button>,
    );
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });
});
