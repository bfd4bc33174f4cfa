// Whether the page itself is hydrated. A page sent shell first (decision 41) is a Suspense boundary that
// React hydrates after the shell has committed and run its effects: state that those effects load from
// the browser (the cart from local storage) must wait for the page, or the page would hydrate against
// it rather than against the server's markup. A whole page hydrates in the shell's pass, so this settles
// in the same commit.
let mark: () => void = () => undefined;

export const pageHydrated = new Promise<void>((resolve) => {
  mark = resolve;
});

export function markPageHydrated(): void {
  mark();
}
