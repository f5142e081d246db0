import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, type ButtonProps } from "./Button";

function renderButton(props: ButtonProps) {
  const Stub = createRoutesStub([
    { path: "/charity", Component: () => <Button {...props} /> },
    { path: "/governance", Component: () => <h1>Governance screen</h1> },
  ]);
  render(<Stub initialEntries={["/charity"]} />);
  return screen.getByRole("link", { name: /^More information/ });
}

describe("Button", () => {
  it("follows a content link to a page of the site through the router, without a page load", () => {
    const link = renderButton({ href: "/governance", children: "More information" });
    expect(link.getAttribute("href")).toBe("/governance");
    expect(link.getAttribute("target")).toBeNull();
    fireEvent.click(link);
    // A plain <a> would leave jsdom's document as it is; the router renders the next screen.
    expect(screen.getByRole("heading", { name: "Governance screen" })).toBeTruthy();
  });

  it.each([
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
  ])("links $name as a plain anchor", ({ props, target, download }) => {
    const link = renderButton({ ...props, children: "More information" });
    // jsdom cannot load another document: stop the browser's own navigation
    // (after the router would have taken the click, which it must not).
    document.addEventListener("click", (e) => e.preventDefault(), { once: true });
    expect(link.getAttribute("href")).toBe(props.href);
    expect(link.getAttribute("target")).toBe(target);
    expect(link.getAttribute("download")).toBe(download);
    fireEvent.click(link);
    expect(screen.queryByRole("heading", { name: "Governance screen" })).toBeNull();
  });
});
