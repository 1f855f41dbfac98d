/** Sends the browser to another page (the provider's hosted checkout, or back from it); tests replace it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
