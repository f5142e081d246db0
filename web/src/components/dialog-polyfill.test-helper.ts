// jsdom implements <dialog> only partly: give it showModal/close and :modal.
// For unit tests of components that open the site's Modal.
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  const modal = new WeakSet<HTMLDialogElement>();
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
    modal.add(this);
    this.dispatchEvent(new Event("toggle"));
  };
  proto.close = function (this: HTMLDialogElement) {
    const wasOpen = this.hasAttribute("open");
    this.removeAttribute("open");
    modal.delete(this);
    if (wasOpen) this.dispatchEvent(new Event("toggle"));
  };
  const matches = Element.prototype.matches;
  Element.prototype.matches = function (this: Element, selector: string) {
    if (selector === ":modal") return modal.has(this as HTMLDialogElement);
    return matches.call(this, selector);
  };
}
