/** The first focusable element of every page; jumps to <main id="main">. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
