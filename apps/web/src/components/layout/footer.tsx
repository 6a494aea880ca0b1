/** Placeholder footer of the shell; the storefront issue completes it (spec section 1). */
export function Footer() {
  return (
    <footer className="mt-24 bg-primary/10 px-6 py-10 text-sm text-gray-600 md:px-16 lg:px-24 xl:px-32">
      <p>Copyright {new Date().getFullYear()} © GreenCart. All rights reserved.</p>
    </footer>
  );
}
